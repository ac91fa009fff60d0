import { KIND_RULES } from '../contract/engine/findings';
import type { HolderSection } from '../holders/holders.types';
import type { MarketSection } from '../market/market.types';
import type { SecuritySection } from '../report/sections';

export interface Deduction {
  points: number;
  finding: string;
  /** Caps the overall score (docs/scoring.md "Critical overrides"). */
  critical?: boolean;
}

function taxDeduction(side: 'Buy' | 'Sell', tax: number | null, weight: number): Deduction[] {
  if (tax === null || tax <= 0.5) return [];
  const points = tax >= 30 ? 45 : tax >= 10 ? 25 : tax >= 5 ? 12 : 5;
  return [
    {
      points: Math.round(points * weight),
      finding: `${side} tax ${tax.toFixed(1)}%`,
      critical: side === 'Sell' && tax >= 50,
    },
  ];
}

/** A sell that stops working, or a sell tax that reaches half, later: a honeypot on a timer. */
function timeBombDeduction(check: SecuritySection['simulation']['timeBomb']): Deduction[] {
  if (!check?.detected || !check.change) return [];
  const later = check.probes.find((p) => p.afterSeconds === check.effectiveBySeconds);
  const finding = `Time bomb: ${check.detail}`;
  if (check.change === 'sell_blocked' || (check.change === 'sell_tax_rises' && (later?.sellTax ?? 0) >= 50))
    return [{ points: 60, finding, critical: true }];
  return [{ points: check.change === 'buy_blocked' ? 20 : 25, finding }];
}

/** Holders who cannot sell (short of a honeypot, which the verdict already counts) and balances taken without a Transfer. */
function holderSellDeductions(check: SecuritySection['holderSells']): Deduction[] {
  if (!check) return [];
  const d: Deduction[] = [];
  if (!check.holderSellBlocked && check.cannotSell > 0)
    d.push({ points: 20, finding: `${check.cannotSell} of ${check.checked} holders cannot sell` });
  if (check.siphoned.length > 0)
    d.push({
      points: 30,
      finding: `${check.siphoned.length} holder(s) hold less than their Transfer logs say: tokens taken without a Transfer event`,
    });
  return d;
}

/** Liquidity the owner or creator can pull now, or that unlocks soon. */
function lpDeductions(section: SecuritySection['liquidityLocks']): Deduction[] {
  if (section?.risk === 'HIGH')
    return [
      { points: 30, finding: `The owner or creator can pull ${section.pullableNowPercent}% of the liquidity now` },
    ];
  if (section?.risk === 'MEDIUM')
    return [{ points: 10, finding: `Liquidity the owner can pull now or soon: ${section.detail}` }];
  return [];
}

/** What the engine proved the code lets someone do today, and what the simulated round trip did. */
export function securityDeductions({
  contract,
  simulation,
  holderSells,
  liquidityLocks,
}: SecuritySection): Deduction[] {
  const d: Deduction[] = [];
  if (simulation.isHoneypot)
    d.push({ points: 100, finding: `Honeypot: ${simulation.honeypotReason ?? 'selling reverts'}`, critical: true });
  else if (simulation.cannotSellAll) d.push({ points: 40, finding: 'A full holding cannot be sold', critical: true });
  if (simulation.cannotBuy) d.push({ points: 40, finding: 'Buying reverts' });
  if (!simulation.possible)
    d.push({
      points: 15,
      finding: `Trade simulation not possible (${simulation.reason ?? 'unknown'}): taxes and sellability unknown`,
    });
  d.push(...taxDeduction('Sell', simulation.sellTax, 1), ...taxDeduction('Buy', simulation.buyTax, 0.6));
  d.push(
    ...timeBombDeduction(simulation.timeBomb),
    ...holderSellDeductions(holderSells),
    ...lpDeductions(liquidityLocks),
  );
  if (contract.hiddenMint.detected)
    d.push({ points: 60, finding: 'Can inflate supply through a disguised function', critical: true });
  const kinds = new Set(contract.findings.filter((f) => f.status === 'live').map((f) => f.kind));
  for (const kind of kinds) {
    if (kind === 'mint' && contract.hiddenMint.detected) continue;
    d.push({ points: KIND_RULES[kind].points, finding: KIND_RULES[kind].title });
  }
  if (simulation.limits?.hasLimits && !kinds.has('transfer_limit'))
    d.push({ points: 5, finding: 'Transaction or wallet limits' });
  if (contract.proxy.isProxy)
    d.push({ points: 10, finding: `Upgradeable proxy (${contract.proxy.kind}): the code can change` });
  if (contract.opcodes.selfdestruct && !kinds.has('selfdestruct'))
    d.push({ points: 5, finding: 'Code contains SELFDESTRUCT' });
  if (contract.verification.verified === false) d.push({ points: 10, finding: 'Source code not verified' });
  if (contract.incomplete.length > 0)
    d.push({ points: 5, finding: `Contract analysis incomplete: ${contract.incomplete.join('; ')}` });
  if (contract.ownership.renounced === false) d.push({ points: 5, finding: 'Ownership not renounced' });
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
  else if (LIQUIDITY_POINTS[status] > 0)
    d.push({ points: LIQUIDITY_POINTS[status], finding: `Liquidity ${status.toLowerCase().replace('_', ' ')}` });
  const change = market.priceChange24hPercent;
  if (change !== null && change <= -50)
    d.push({ points: 25, finding: `Price fell ${Math.abs(change).toFixed(0)}% in 24 h` });
  else if (change !== null && change <= -20)
    d.push({ points: 10, finding: `Price fell ${Math.abs(change).toFixed(0)}% in 24 h` });
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
    d.push({
      points: DISTRIBUTION_POINTS[holders.distribution],
      finding: `Top 10 holders own ${holders.top_10_percentage.toFixed(1)}%`,
    });
  }
  if (holders.total_holders < 50) d.push({ points: 20, finding: `Only ${holders.total_holders} holders` });
  else if (holders.total_holders < 200) d.push({ points: 8, finding: `Only ${holders.total_holders} holders` });
  if (holders.whale_activity === 'VERY_HIGH') d.push({ points: 15, finding: 'Very high whale activity in 24 h' });
  else if (holders.whale_activity === 'HIGH') d.push({ points: 8, finding: 'High whale activity in 24 h' });
  return d;
}
