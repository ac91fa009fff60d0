import type { ScoreCard } from '../../../analysis/scoring/scoring';
import type { DistributionLabel, WhaleActivityLabel } from '../../../analysis/holders/holders.types';
import type { LiquidityStatus } from '../../../analysis/market/market.types';
import type { TokenReport } from '../../../analysis/report/token-report';

/** Surface A's status labels: a symbol, then the label. */
const LIQUIDITY: Record<LiquidityStatus, string> = {
  EXCELLENT: '✅ EXCELLENT',
  GOOD: '✅ GOOD',
  MODERATE: '🟡 MODERATE',
  LOW: '⚠️ LOW',
  VERY_LOW: '⚠️ VERY_LOW',
  NONE: '🚨 NONE',
  UNKNOWN: '❓ UNKNOWN',
};

const WHALES: Record<WhaleActivityLabel, string> = {
  LOW: '✅ LOW',
  MODERATE: '🟡 MODERATE',
  HIGH: '⚠️ HIGH',
  VERY_HIGH: '🚨 VERY_HIGH',
};

const DISTRIBUTION: Record<DistributionLabel, string> = {
  HEALTHY: '✅ HEALTHY',
  MODERATE: '🟡 MODERATE',
  CONCENTRATED: '⚠️ CONCENTRATED',
  HIGHLY_CONCENTRATED: '🚨 HIGHLY_CONCENTRATED',
};

export const liquidityLabel = (s: LiquidityStatus): string => LIQUIDITY[s];
export const whaleLabel = (s: WhaleActivityLabel): string => WHALES[s];
export const distributionLabel = (s: DistributionLabel): string => DISTRIBUTION[s];

export type HoneypotVerdict = 'SAFE' | 'HONEYPOT' | 'CANNOT_SELL_ALL' | 'UNKNOWN';

export function honeypotVerdict(report: TokenReport): HoneypotVerdict {
  const sim = report.security?.simulation;
  if (!sim || !sim.possible || sim.isHoneypot === null) return 'UNKNOWN';
  if (sim.isHoneypot) return 'HONEYPOT';
  return sim.cannotSellAll ? 'CANNOT_SELL_ALL' : 'SAFE';
}

export function honeypotLabel(verdict: HoneypotVerdict): string {
  return { SAFE: '✅ SAFE', HONEYPOT: '🚨 HONEYPOT', CANNOT_SELL_ALL: '🚨 CANNOT_SELL_ALL', UNKNOWN: '❓ UNKNOWN' }[verdict];
}

export type RugRisk = ScoreCard['rugPull'];

/** The engine's rug-pull risk (analysis/scoring/rug-risk.ts), read, not recomputed. */
export function rugPullRisk(report: TokenReport): RugRisk {
  return report.scores.rugPull;
}

export function rugLabel(risk: RugRisk): string {
  return { VERY_LOW: '✅ VERY_LOW', LOW: '✅ LOW', MEDIUM: '⚠️ MEDIUM', HIGH: '🚨 HIGH', VERY_HIGH: '🚨 VERY_HIGH' }[risk];
}
