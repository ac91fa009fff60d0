import { z } from 'zod';
import type { TradingPair } from '../../../analysis/market/market.types';
import type { SimulationSection } from '../../../analysis/simulation/simulation.types';

const kind = z.enum(['v2', 'v3', 'solidly']).meta({
  example: 'v3',
  description:
    '`v2`: constant-product pair; `v3`: concentrated-liquidity pool (Uniswap / PancakeSwap V3); `solidly`: stable or volatile pool (Aerodrome, Velodrome)',
});
const feeTier = z
  .number()
  .int()
  .nullable()
  .meta({ example: 3000, description: 'V3 fee tier in hundredths of a bip (3000 = 0.3 %); null for the other kinds' });
const stable = z.boolean().nullable().meta({
  example: null,
  description: 'Solidly curve: true stable (x³y + xy³), false volatile (x·y); null for the other kinds',
});

/** What kind of pool a trading pair is, shown the same way on A, B and C. */
export const poolKindFields = { kind, fee_tier: feeTier, stable };

/** Reports cached before pools had kinds listed V2 pairs only. */
export const poolKindOf = (p: Pick<TradingPair, 'kind' | 'feeTier' | 'stable'>) => ({
  kind: p.kind ?? 'v2',
  fee_tier: p.feeTier ?? null,
  stable: p.stable ?? null,
});

/** The pool the trade simulation bought and sold in (the deepest it could route to). */
export const SimulatedPool = z
  .object({
    address: z.string().meta({ example: '0x8464135c8F25Da09e49BC8782676a84730C318bC' }),
    dex: z.string().meta({ example: 'Uniswap V3' }),
    ...poolKindFields,
  })
  .nullable()
  .meta({
    description:
      'The pool the round trip traded in (the deepest routable one of any kind); null when none was simulated',
  });

export function simulatedPool(s: SimulationSection): z.output<typeof SimulatedPool> {
  const e = s.evidence;
  const chosen = e.pair ? e.pools.find((p) => p.pair === e.pair) : undefined;
  if (!s.possible || !chosen) return null;
  return { address: chosen.pair, dex: chosen.dex, ...poolKindOf(chosen) };
}
