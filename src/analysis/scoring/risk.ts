import { gradeOf, type Grade } from './grades';

/**
 * The one risk scale, safest first. Every risk level a surface shows (a score's, the security
 * component's, the rug-pull risk) is one of these, computed here; each surface maps it to its own
 * words through one table.
 */
export const RISK_LEVELS = ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The grade scale's bands, so a score's risk never disagrees with its grade and recommendation. */
const RISK_OF_GRADE = {
  'A+': 'VERY_LOW',
  A: 'VERY_LOW',
  B: 'LOW',
  C: 'MEDIUM',
  D: 'HIGH',
  F: 'VERY_HIGH',
} as const satisfies Record<Grade, RiskLevel>;

/** A score's level: VERY_LOW ≥ 80, LOW ≥ 70, MEDIUM ≥ 60, HIGH ≥ 50, else VERY_HIGH. */
export function riskOfScore(score: number): RiskLevel {
  return RISK_OF_GRADE[gradeOf(score)];
}

export function riskierOf(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RISK_LEVELS.indexOf(a) >= RISK_LEVELS.indexOf(b) ? a : b;
}

/** A critical finding (docs/scoring.md "Critical overrides") makes any level VERY_HIGH, whatever else it rests on. */
export function withCriticalOverride(level: RiskLevel, critical: boolean): RiskLevel {
  return critical ? 'VERY_HIGH' : level;
}
