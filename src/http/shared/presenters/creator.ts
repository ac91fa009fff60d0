import { z } from 'zod';
import type { CreatorSection } from '../../../analysis/creator/creator.types';
import type { TokenReport } from '../../../analysis/report/token-report';
import { GRADES, type Grade } from '../../../analysis/scoring/grades';
import { CHAIN_KEYS } from '../../../config/app-config';
import { component } from '../openapi/api-schemas';

// The token's creator, the same snake_case object on every surface (each registers its own component).

const SOURCES = ['node_history', 'explorer', 'unknown'] as const satisfies readonly CreatorSection['source'][];
const EXAMPLE_DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const EXAMPLE_TOKEN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const addressOrNull = (description: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .nullable()
    .meta({ example: EXAMPLE_DEPLOYER, description });

/** Registers the creator schema as component `id` (CreatorA, CreatorB, CreatorC). */
export function creatorComponent(id: string) {
  return component(
    id,
    z
      .object({
        address: addressOrNull(
          'The account that sent the deploying transaction (for a token created by a contract, that transaction’s sender); null when unknown',
        ),
        block: z
          .number()
          .int()
          .min(0)
          .nullable()
          .meta({ example: 349, description: 'The block the token was deployed in; null when unknown' }),
        transaction: z
          .string()
          .regex(/^0x[0-9a-fA-F]{64}$/)
          .nullable()
          .meta({ example: `0x${'ab'.repeat(32)}`, description: 'The deploying transaction; null when unknown' }),
        factory: addressOrNull(
          'The contract that created the token by an internal call (a factory); null when a transaction deployed it directly, or unknown',
        ),
        source: z.enum(SOURCES).meta({
          example: 'node_history',
          description:
            "node_history: found by binary search of the node's historical state; explorer: the block explorer's record; unknown: neither could tell",
        }),
        balance_share_percent: z.number().min(0).nullable().meta({
          example: 12.5,
          description: "The creator's balance now, percent of the total supply; null when the creator is unknown",
        }),
        other_tokens: z
          .array(
            z.object({
              address: z
                .string()
                .regex(/^0x[0-9a-fA-F]{40}$/)
                .meta({ example: EXAMPLE_TOKEN }),
              chain: z.enum(CHAIN_KEYS).meta({ example: 'eth' }),
              chain_id: z.number().int().meta({ example: 1 }),
              grade: z.enum(GRADES).meta({ example: 'A+', description: 'The grade of its latest stored report' }),
              service_score: z.number().min(0).max(100).meta({ example: 92 }),
              scanned_at: z
                .string()
                .meta({ example: '2026-11-21T12:00:00.000Z', description: 'When that report was made' }),
            }),
          )
          .meta({
            description:
              'Other tokens by the same creator that this service has scanned (reports it still holds), newest first; at most 50',
          }),
      })
      .meta({
        description:
          "The token's creator: the deploying address and block, its share of the supply now, and its other tokens we have scanned",
      }),
  );
}

export interface CreatorView {
  address: string | null;
  block: number | null;
  transaction: string | null;
  factory: string | null;
  source: CreatorSection['source'];
  balance_share_percent: number | null;
  other_tokens: {
    address: string;
    chain: CreatorSection['otherTokens'][number]['chain'];
    chain_id: number;
    grade: Grade;
    service_score: number;
    scanned_at: string;
  }[];
}

/** A report stored before creators were looked up has none: it is presented as unknown. */
export function presentCreator(report: TokenReport): CreatorView {
  const c = report.creator;
  if (!c)
    return {
      address: null,
      block: null,
      transaction: null,
      factory: null,
      source: 'unknown',
      balance_share_percent: null,
      other_tokens: [],
    };
  return {
    address: c.address,
    block: c.block,
    transaction: c.transaction,
    factory: c.factory,
    source: c.source,
    balance_share_percent: c.balanceSharePercent,
    other_tokens: c.otherTokens.map((t) => ({
      address: t.address,
      chain: t.chain,
      chain_id: t.chainId,
      grade: t.grade,
      service_score: t.serviceScore,
      scanned_at: t.scannedAt,
    })),
  };
}
