import { z } from 'zod';
import type { TimeBombChange, TimeBombCheck } from '../../../analysis/simulation/simulation.types';
import { component } from '../openapi/api-schemas';

// The time-bomb check, the same snake_case object on every surface (each registers its own component).

const CHANGES = [
  'sell_blocked',
  'sell_tax_rises',
  'buy_blocked',
  'buy_tax_rises',
] as const satisfies readonly TimeBombChange[];
const percent = (description: string) => z.number().nullable().meta({ example: 3, description });

/** Registers the time-bomb schema as component `id` (TimeBombA, TimeBombB, TimeBombC). */
export function timeBombComponent(id: string) {
  return component(
    id,
    z
      .object({
        detected: z.boolean().meta({
          example: true,
          description: 'A later round trip sells worse than today: it reverts, or a tax is 10 points higher',
        }),
        change: z.enum(CHANGES).nullable().meta({
          example: 'sell_tax_rises',
          description: 'What changes at the first probe that differs; null when nothing does',
        }),
        detail: z.string().nullable().meta({
          example:
            'the sell tax rises from 3% to 90% between 1 day and 7 days from now (at the latest 2026-12-03T09:04:52.000Z, block 50749)',
          description: 'What changes, from what to what, and when',
        }),
        effective_after_seconds: z.number().int().nullable().meta({
          example: 86_400,
          description: 'The change comes after this many seconds from now (the last probe that still matched today) …',
        }),
        effective_by_seconds: z
          .number()
          .int()
          .nullable()
          .meta({ example: 604_800, description: '… and by this many (the first probe that shows it)' }),
        effective_by: z
          .string()
          .nullable()
          .meta({ example: '2026-12-03T09:04:52.000Z', description: 'The timestamp of that first probe (ISO 8601)' }),
        probes: z
          .array(
            z.object({
              label: z.string().meta({ example: '+1 day' }),
              after_seconds: z.number().int().meta({ example: 86_400 }),
              after_blocks: z.number().int().meta({ example: 7_200 }),
              block_number: z
                .number()
                .int()
                .meta({ example: 7_549, description: 'The block number the call was made at (an override)' }),
              timestamp: z.number().int().meta({
                example: 1_796_115_792,
                description: 'The block timestamp the call was made at, unix seconds (an override)',
              }),
              possible: z.boolean().meta({ example: true, description: 'The round trip ran' }),
              buy_succeeded: z.boolean().nullable(),
              sell_succeeded: z.boolean().nullable(),
              buy_tax: percent('Percent'),
              sell_tax: percent('Percent'),
              revert_reason: z
                .string()
                .nullable()
                .meta({ example: null, description: 'Why the failing leg (or the call) failed' }),
            }),
          )
          .meta({
            description:
              'The same round trip with the block moved forward: 1000 blocks, 1 hour, 1 day, 7 days (in time order)',
          }),
      })
      .nullable()
      .meta({
        description:
          'The round trip repeated later with block overrides; null when no fair round trip was measured today',
      }),
  );
}

export function presentTimeBomb(
  check: TimeBombCheck | null | undefined,
): z.output<ReturnType<typeof timeBombComponent>> {
  if (!check) return null;
  return {
    detected: check.detected,
    change: check.change,
    detail: check.detail,
    effective_after_seconds: check.effectiveAfterSeconds,
    effective_by_seconds: check.effectiveBySeconds,
    effective_by: check.effectiveBy,
    probes: check.probes.map((p) => ({
      label: p.label,
      after_seconds: p.afterSeconds,
      after_blocks: p.afterBlocks,
      block_number: p.blockNumber,
      timestamp: p.timestamp,
      possible: p.possible,
      buy_succeeded: p.buySucceeded,
      sell_succeeded: p.sellSucceeded,
      buy_tax: p.buyTax,
      sell_tax: p.sellTax,
      revert_reason: p.revertReason,
    })),
  };
}
