import type { RiskLevel } from '../../../analysis/scoring/risk';
import type { DistributionLabel, WhaleActivityLabel } from '../../../analysis/holders/holders.types';
import type { LiquidityStatus } from '../../../analysis/market/market.types';
import type { TokenReport } from '../../../analysis/report/token-report';

/** Surface A's status labels: a symbol, then the label (exported as tables so A's schemas list them). */
export const LIQUIDITY_LABELS = {
  EXCELLENT: '✅ EXCELLENT',
  GOOD: '✅ GOOD',
  MODERATE: '🟡 MODERATE',
  LOW: '⚠️ LOW',
  VERY_LOW: '⚠️ VERY_LOW',
  NONE: '🚨 NONE',
  UNKNOWN: '❓ UNKNOWN',
} as const satisfies Record<LiquidityStatus, string>;

export const WHALE_LABELS = {
  LOW: '✅ LOW',
  MODERATE: '🟡 MODERATE',
  HIGH: '⚠️ HIGH',
  VERY_HIGH: '🚨 VERY_HIGH',
} as const satisfies Record<WhaleActivityLabel, string>;

export const DISTRIBUTION_LABELS = {
  HEALTHY: '✅ HEALTHY',
  MODERATE: '🟡 MODERATE',
  CONCENTRATED: '⚠️ CONCENTRATED',
  HIGHLY_CONCENTRATED: '🚨 HIGHLY_CONCENTRATED',
} as const satisfies Record<DistributionLabel, string>;

export const liquidityLabel = (s: LiquidityStatus) => LIQUIDITY_LABELS[s];
export const whaleLabel = (s: WhaleActivityLabel) => WHALE_LABELS[s];
export const distributionLabel = (s: DistributionLabel) => DISTRIBUTION_LABELS[s];

export type HoneypotVerdict = 'SAFE' | 'HONEYPOT' | 'CANNOT_SELL_ALL' | 'UNKNOWN';

export function honeypotVerdict(report: TokenReport): HoneypotVerdict {
  const sim = report.security?.simulation;
  if (!sim || !sim.possible || sim.isHoneypot === null) return 'UNKNOWN';
  if (sim.isHoneypot) return 'HONEYPOT';
  return sim.cannotSellAll ? 'CANNOT_SELL_ALL' : 'SAFE';
}

export const HONEYPOT_LABELS = {
  SAFE: '✅ SAFE',
  HONEYPOT: '🚨 HONEYPOT',
  CANNOT_SELL_ALL: '🚨 CANNOT_SELL_ALL',
  UNKNOWN: '❓ UNKNOWN',
} as const satisfies Record<HoneypotVerdict, string>;

export const honeypotLabel = (verdict: HoneypotVerdict) => HONEYPOT_LABELS[verdict];

/** Surface A's words for the one risk scale (analysis/scoring/risk.ts): the only place A turns a level into words. */
export const RUG_LABELS = {
  VERY_LOW: '✅ VERY_LOW',
  LOW: '✅ LOW',
  MEDIUM: '⚠️ MEDIUM',
  HIGH: '🚨 HIGH',
  VERY_HIGH: '🚨 VERY_HIGH',
} as const satisfies Record<RiskLevel, string>;

export const rugLabel = (risk: RiskLevel) => RUG_LABELS[risk];
