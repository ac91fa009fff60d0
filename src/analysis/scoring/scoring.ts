import type { ScoredSections } from '../report/sections';
import type { SniperSection, WashTradingSection } from '../trading/trading.types';
import { clampScore, Grade, gradeOf, recommendationOf } from './grades';
import { riskOfScore, withCriticalOverride, type RiskLevel } from './risk';
import { rugPullRisk } from './rug-risk';
import { holderDeductions, marketDeductions, securityDeductions, type Deduction } from './deductions';

export type Component = 'security' | 'market' | 'holders' | 'wash_trading' | 'sniper';

export interface ComponentScore {
  score: number;
  grade: Grade;
  /** Why points were taken, largest first. */
  findings: string[];
}

export interface ScoreCard {
  serviceScore: number;
  grade: Grade;
  recommendation: string;
  /** 🟢 / 🟡 / 🔴 */
  symbol: string;
  /** The service score's level; VERY_HIGH under a critical override. */
  risk: RiskLevel;
  /** The security component's level, VERY_HIGH under a critical override; null without a security section. */
  securityRisk: RiskLevel | null;
  /** How easily those in control can take holders' value (rug-risk.ts); VERY_HIGH under a critical override. */
  rugPull: RiskLevel;
  components: Partial<Record<Component, ComponentScore>>;
  /** Findings that cap the score whatever the rest says (honeypot ⇒ F). */
  critical: { applied: boolean; issues: string[] };
}

/** docs/scoring.md explains each weight. */
export const WEIGHTS: Record<Component, number> = {
  security: 0.5,
  market: 0.2,
  holders: 0.15,
  wash_trading: 0.1,
  sniper: 0.05,
};

const CRITICAL_CAP = 20;

function component(deductions: Deduction[]): ComponentScore {
  const sorted = [...deductions].sort((a, b) => b.points - a.points);
  const score = clampScore(100 - sorted.reduce((sum, d) => sum + d.points, 0));
  return { score, grade: gradeOf(score), findings: sorted.map((d) => d.finding) };
}

function fromAnalyzer(score: number, findings: string[]): ComponentScore {
  return { score: clampScore(score), grade: gradeOf(clampScore(score)), findings };
}

function washFindings(w: WashTradingSection): string[] {
  if (!w.detected) return [];
  return [
    `Wash trading: ${(w.wash_volume_percent ?? 0).toFixed(0)}% of volume, ${w.suspicious_wallets.length} wallet(s), ${w.clusters.length} funding cluster(s)`,
  ];
}

function sniperFindings(s: SniperSection): string[] {
  if (s.sniper_count === 0) return [];
  return [
    `${s.sniper_count} sniper(s) bought ${s.bought_percent_of_supply.toFixed(1)}% of supply at launch; they still hold ${s.holding_percent_of_supply.toFixed(1)}%`,
  ];
}

/** Component scores, their weighted mean over the sections present, and critical overrides. */
export function scoreReport(input: ScoredSections): ScoreCard {
  const components: ScoreCard['components'] = {};
  const critical: string[] = [];
  if (input.security) {
    const deductions = securityDeductions(input.security);
    components.security = component(deductions);
    critical.push(...deductions.filter((d) => d.critical).map((d) => d.finding));
  }
  if (input.market) components.market = component(marketDeductions(input.market));
  if (input.holders) components.holders = component(holderDeductions(input.holders));
  // Their analyzers score themselves (src/analysis/trading/README.md); no score means not judged.
  if (input.washTrading?.score != null)
    components.wash_trading = fromAnalyzer(input.washTrading.score, washFindings(input.washTrading));
  if (input.snipers?.score != null)
    components.sniper = fromAnalyzer(input.snipers.score, sniperFindings(input.snipers));

  const present = (Object.keys(components) as Component[]).filter((c) => WEIGHTS[c] > 0);
  const weight = present.reduce((sum, c) => sum + WEIGHTS[c], 0);
  const mean = weight === 0 ? 0 : present.reduce((sum, c) => sum + components[c]!.score * WEIGHTS[c], 0) / weight;
  // A critical finding decides alone: the same token scores the same whichever other sections were asked for.
  const applied = critical.length > 0;
  const serviceScore = clampScore(applied ? Math.min(components.security!.score, CRITICAL_CAP) : mean);
  const recommendation = recommendationOf(serviceScore);
  return {
    serviceScore,
    grade: gradeOf(serviceScore),
    recommendation: recommendation.text,
    symbol: recommendation.symbol,
    risk: withCriticalOverride(riskOfScore(serviceScore), applied),
    securityRisk: components.security ? withCriticalOverride(riskOfScore(components.security.score), applied) : null,
    rugPull: withCriticalOverride(rugPullRisk(input), applied),
    components,
    critical: { applied, issues: critical },
  };
}
