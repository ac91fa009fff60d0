import { KIND_RULES } from '../contract/engine/findings';
import type { Severity } from '../contract/contract.types';
import type { TokenReport } from '../report/token-report';
import type { TradeLeg } from '../simulation/simulation.types';

/** One risk the report shows, with the observation it rests on. */
export interface RiskItem {
  id: string;
  severity: Severity;
  finding: string;
  evidence: string;
}

const ORDER: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Every risk the report's sections show, worst first. Nothing here is inferred beyond the report. */
export function assessRisks(report: TokenReport): RiskItem[] {
  const risks = [...tradeRisks(report), ...codeRisks(report), ...marketRisks(report), ...holderRisks(report)];
  return risks.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}

function tradeRisks(report: TokenReport): RiskItem[] {
  const sim = report.security?.simulation;
  if (!sim) return [];
  if (!sim.possible) {
    const why = sim.detail ?? sim.reason ?? 'unknown';
    return [
      {
        id: 'simulation_unavailable',
        severity: 'medium',
        finding: 'Whether it can be sold is unknown',
        evidence: `no buy-and-sell round trip could be simulated: ${why}`,
      },
    ];
  }
  const risks: RiskItem[] = [];
  const sell = sim.legs.find((l) => l.name === 'sell');
  if (sim.isHoneypot) {
    const reason = sell?.revertReason ?? sim.honeypotReason ?? 'no reason given';
    const evidence =
      sell && sell.attempted && !sell.succeeded
        ? `a simulated sell reverted (${reason})`
        : `the simulated round trip showed: ${reason}`;
    risks.push({
      id: 'honeypot',
      severity: 'critical',
      finding: 'Honeypot: it cannot be sold',
      evidence: `it cannot be sold: ${evidence}`,
    });
  } else if (sim.cannotSellAll) {
    risks.push({
      id: 'cannot_sell_all',
      severity: 'critical',
      finding: 'A full holding cannot be sold',
      evidence: 'a simulated sell of the whole holding reverted while a part went through',
    });
  }
  if (sim.cannotBuy)
    risks.push({
      id: 'cannot_buy',
      severity: 'high',
      finding: 'Buying reverts',
      evidence: `a simulated buy reverted (${legReason(sim.legs, 'buy')})`,
    });
  for (const [side, tax] of [
    ['buy', sim.buyTax],
    ['sell', sim.sellTax],
    ['transfer', sim.transferTax],
  ] as const) {
    if (tax === null || tax <= 0.5) continue;
    const severity: Severity = tax >= 30 ? 'high' : tax >= 10 ? 'medium' : 'low';
    const verb = side === 'transfer' ? 'a simulated wallet-to-wallet transfer' : `a simulated ${side}`;
    risks.push({
      id: `${side}_tax`,
      severity,
      finding: `${capitalise(side)} tax ${tax.toFixed(2)}%`,
      evidence: `${verb} delivered ${tax.toFixed(2)}% less than quoted`,
    });
  }
  if (sim.limits?.hasLimits) {
    risks.push({
      id: 'trade_limits',
      severity: 'low',
      finding: 'Transaction size limits',
      evidence: 'a large simulated trade reverted while a smaller one went through',
    });
  }
  return risks;
}

function codeRisks(report: TokenReport): RiskItem[] {
  const c = report.security?.contract;
  if (!c) return [];
  const risks: RiskItem[] = c.findings.map((f) => ({
    id: `power_${f.kind}`,
    severity: f.status === 'dormant' ? 'low' : f.severity,
    finding: `${f.signature ?? f.selector ?? f.kind}: ${KIND_RULES[f.kind].title}${f.status === 'dormant' ? ' (dormant)' : ''}`,
    evidence: f.evidence,
  }));
  if (c.proxy.isProxy) {
    const impl = c.proxy.implementation ? ` pointing at ${c.proxy.implementation}` : '';
    risks.push({
      id: 'proxy',
      severity: 'medium',
      finding: 'Upgradeable proxy: the code can change',
      evidence: `${c.proxy.kind ?? 'proxy'} slot read${impl}`,
    });
  }
  if (c.verification.verified === false) {
    risks.push({
      id: 'unverified',
      severity: 'medium',
      finding: 'Source code not verified',
      evidence: `${c.verification.provider} has no published source matching the bytecode`,
    });
  }
  return risks;
}

function marketRisks(report: TokenReport): RiskItem[] {
  const m = report.market;
  if (!m) return [];
  if (!m.listed)
    return [
      {
        id: 'no_liquidity',
        severity: 'critical',
        finding: 'No liquidity',
        evidence: 'no DEX pair with reserves was found on the configured DEXes',
      },
    ];
  const status = m.liquidity.status;
  if (status === 'NONE' || status === 'VERY_LOW' || status === 'LOW') {
    return [
      {
        id: 'low_liquidity',
        severity: status === 'LOW' ? 'medium' : 'high',
        finding: `Liquidity ${status}`,
        evidence: `pools hold ${money(m.liquidity.totalUsd)} in total`,
      },
    ];
  }
  return [];
}

function holderRisks(report: TokenReport): RiskItem[] {
  const h = report.holders;
  if (!h) return [];
  const risks: RiskItem[] = [];
  if (h.distribution === 'CONCENTRATED' || h.distribution === 'HIGHLY_CONCENTRATED') {
    risks.push({
      id: 'concentration',
      severity: h.distribution === 'HIGHLY_CONCENTRATED' ? 'high' : 'medium',
      finding: `Supply is ${h.distribution.toLowerCase().replace('_', ' ')}`,
      evidence: `the 10 largest holders hold ${h.top_10_percentage.toFixed(2)}% of the circulating supply`,
    });
  }
  if (h.whale_activity === 'HIGH' || h.whale_activity === 'VERY_HIGH') {
    const moved = h.evidence?.large_holders_moved_24h;
    risks.push({
      id: 'whale_activity',
      severity: 'low',
      finding: `Whale activity ${h.whale_activity}`,
      evidence: `${moved ?? 'several'} large holders moved tokens in the last 24 h`,
    });
  }
  return risks;
}

function legReason(legs: TradeLeg[], name: TradeLeg['name']): string {
  return legs.find((l) => l.name === name)?.revertReason ?? 'no reason given';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function money(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'an unknown amount';
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: value >= 1 ? 2 : 8 })}`;
}
