import type { HolderSection } from '../holders/holders.types';
import type { MarketSection } from '../market/market.types';
import type { SecuritySection } from '../report/token-report';

export interface Deduction {
  points: number;
  finding: string;
  /** Caps the overall score (docs/scoring.md "Critical overrides"). */
  critical?: boolean;
}

function taxDeduction(side: 'Buy' | 'Sell', tax: number | null, weight: number): Deduction[] {
  if (tax === null || tax <= 0.5) return [];
  const points = tax >= 30 ? 45 : tax >= 10 ? 25 : tax >= 5 ? 12 : 5;
  return [{ points: Math.round(points * weight), finding: `${side} tax ${tax.toFixed(1)}%`, critical: side === 'Sell' && tax >= 50 }];
}

/** What the bytecode allows and what the simulated round trip did. */
export function securityDeductions({ contract, simulation }: SecuritySection): Deduction[] {
  const d: Deduction[] = [];
  const ownerLive = contract.ownership.renounced === false;
  if (simulation.isHoneypot) d.push({ points: 100, finding: `Honeypot: ${simulation.honeypotReason ?? 'selling reverts'}`, critical: true });
  else if (simulation.cannotSellAll) d.push({ points: 40, finding: 'A full holding cannot be sold', critical: true });
  if (simulation.cannotBuy) d.push({ points: 40, finding: 'Buying reverts' });
  if (!simulation.possible) d.push({ points: 15, finding: `Trade simulation not possible (${simulation.reason ?? 'unknown'}): taxes and sellability unknown` });
  d.push(...taxDeduction('Sell', simulation.sellTax, 1), ...taxDeduction('Buy', simulation.buyTax, 0.6));
  if (contract.hiddenMint.detected) d.push({ points: 60, finding: 'Owner can inflate supply through a disguised function', critical: true });
  if (contract.canMint && ownerLive && !contract.hiddenMint.detected) d.push({ points: 20, finding: 'Owner can mint new tokens' });
  if (contract.canBlacklist && ownerLive) d.push({ points: 15, finding: 'Owner can blacklist holders' });
  if (contract.canPause && ownerLive) d.push({ points: 12, finding: 'Owner can pause transfers' });
  if (contract.canChangeFees && ownerLive) d.push({ points: 10, finding: 'Owner can change fees' });
  if ((contract.hasLimits || simulation.limits?.hasLimits) && ownerLive) d.push({ points: 5, finding: 'Transaction or wallet limits' });
  if (contract.hasCooldown) d.push({ points: 3, finding: 'Trading cooldown' });
  if (contract.hasTradingSwitch && ownerLive) d.push({ points: 8, finding: 'Owner can switch trading off' });
  if (contract.proxy.isProxy) d.push({ points: 10, finding: `Upgradeable proxy (${contract.proxy.kind}): the code can change` });
  if (contract.opcodes.selfdestruct) d.push({ points: 15, finding: 'Contract can self-destruct' });
  if (contract.verification.verified === false) d.push({ points: 10, finding: 'Source code not verified' });
  if (ownerLive) d.push({ points: 5, finding: 'Ownership not renounced' });
  return d;
}

const LIQUIDITY_POINTS: Record<MarketSection['liquidity']['status'], number> = {
  EXCELLENT: 0,
  GOOD: 10,
  MODERATE: 25,
  LOW: 45,
  VERY_LOW: 65,
  NONE: 100,
  UNKNOWN: 30,
};

export function marketDeductions(market: MarketSection): Deduction[] {
  const d: Deduction[] = [];
  const status = market.liquidity.status;
  if (!market.listed) d.push({ points: 100, finding: 'No liquidity on any configured DEX' });
  else if (LIQUIDITY_POINTS[status] > 0) d.push({ points: LIQUIDITY_POINTS[status], finding: `Liquidity ${status.toLowerCase().replace('_', ' ')}` });
  const change = market.priceChange24hPercent;
  if (change !== null && change <= -50) d.push({ points: 25, finding: `Price fell ${Math.abs(change).toFixed(0)}% in 24 h` });
  else if (change !== null && change <= -20) d.push({ points: 10, finding: `Price fell ${Math.abs(change).toFixed(0)}% in 24 h` });
  if (market.listed && (market.volume24hUsd ?? 0) === 0) d.push({ points: 10, finding: 'No trading in 24 h' });
  return d;
}

const DISTRIBUTION_POINTS: Record<HolderSection['distribution'], number> = {
  HEALTHY: 0,
  MODERATE: 20,
  CONCENTRATED: 45,
  HIGHLY_CONCENTRATED: 70,
};

export function holderDeductions(holders: HolderSection): Deduction[] {
  const d: Deduction[] = [];
  if (DISTRIBUTION_POINTS[holders.distribution] > 0) {
    d.push({ points: DISTRIBUTION_POINTS[holders.distribution], finding: `Top 10 holders own ${holders.top_10_percentage.toFixed(1)}%` });
  }
  if (holders.total_holders < 50) d.push({ points: 20, finding: `Only ${holders.total_holders} holders` });
  else if (holders.total_holders < 200) d.push({ points: 8, finding: `Only ${holders.total_holders} holders` });
  if (holders.whale_activity === 'VERY_HIGH') d.push({ points: 15, finding: 'Very high whale activity in 24 h' });
  else if (holders.whale_activity === 'HIGH') d.push({ points: 8, finding: 'High whale activity in 24 h' });
  return d;
}
