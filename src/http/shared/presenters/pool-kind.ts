import { z } from 'zod';
import type { TradingPair } from '../../../analysis/market/market.types';

/** What kind of pool a trading pair is, shown the same way on A, B and C. */
export const poolKindFields = {
  kind: z.enum(['v2', 'v3', 'solidly']).meta({
    example: 'v3',
    description: '`v2`: constant-product pair; `v3`: concentrated-liquidity pool (Uniswap / PancakeSwap V3); `solidly`: stable or volatile pool (Aerodrome, Velodrome)',
  }),
  fee_tier: z.number().int().nullable().meta({ example: 3000, description: 'V3 fee tier in hundredths of a bip (3000 = 0.3 %); null for the other kinds' }),
  stable: z.boolean().nullable().meta({ example: null, description: 'Solidly curve: true stable (x³y + xy³), false volatile (x·y); null for the other kinds' }),
};

/** Reports cached before pools had kinds listed V2 pairs only. */
export const poolKindOf = (p: TradingPair) => ({ kind: p.kind ?? 'v2', fee_tier: p.feeTier ?? null, stable: p.stable ?? null });
