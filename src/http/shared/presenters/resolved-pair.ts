import { z } from 'zod';
import type { TokenReport } from '../../../analysis/report/token-report';
import { component } from '../openapi/api-schemas';

const EXAMPLE_PAIR = '0x8d6e1dA2c8E1D4b0B3a6D1c6c5b8E0B1d3F2a4C7';
const addressField = (example: string, description: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .meta({ example, description });

/** A pasted pair address and the token the report is for, as every surface shows it (snake_case). */
export const ResolvedPair = component(
  'ResolvedPair',
  z
    .object({
      address: addressField(EXAMPLE_PAIR, 'The address given: a DEX pair or pool, not a token'),
      kind: z.enum(['v2_pair', 'v3_pool', 'solidly_pool']).meta({
        example: 'v2_pair',
        description:
          "A Uniswap-V2-style pair, a V3-style pool or a Solidly-style pool that one of the chain's DEX factories lists as its pool of those two tokens",
      }),
      dex: z.string().meta({ example: 'Uniswap V2', description: 'The DEX whose factory lists the pair' }),
      side: z
        .enum(['token0', 'token1'])
        .meta({ example: 'token0', description: "Which of the pair's tokens the report is for" }),
      paired_with: addressField('0x5FbDB2315678afecb367f032d93F642f64180aa3', "The pair's other token"),
      rule: z.enum(['non_quote_side', 'both_quote_token0', 'no_quote_token0']).meta({
        example: 'non_quote_side',
        description:
          "The side that is not a quote token (the chain's wrapped native or a stablecoin); token0 when both or neither are",
      }),
      note: z.string().meta({
        example: `${EXAMPLE_PAIR} is the Uniswap V2 pair of 0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6 and 0x5FbDB2315678afecb367f032d93F642f64180aa3; this report is for 0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6, the side that is not the quote token (WETH).`,
      }),
    })
    .meta({ description: 'Present when the address given was a DEX pair: the report is for its token' }),
);
export type ResolvedPair = z.output<typeof ResolvedPair>;

/** The report's `resolvedFrom` as surfaces show it; undefined when the address given was the token. */
export function resolvedPair(report: TokenReport): ResolvedPair | undefined {
  const r = report.resolvedFrom;
  if (!r) return undefined;
  return {
    address: r.address,
    kind: r.kind,
    dex: r.dex,
    side: r.side,
    paired_with: r.pairedWith,
    rule: r.rule,
    note: r.note,
  };
}

/** `{ resolved_from }` to spread into an answer, or nothing when the address given was the token. */
export function resolvedFromField(report: TokenReport): { resolved_from?: ResolvedPair } {
  const pair = resolvedPair(report);
  return pair ? { resolved_from: pair } : {};
}
