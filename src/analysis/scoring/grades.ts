/** Best to worst. */
export const GRADES = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];

/** SPEC.md "Score and grade scale". */
const SCALE: Array<{ min: number; grade: Grade; recommendation: string; symbol: string }> = [
  { min: 90, grade: 'A+', recommendation: 'SAFE TO TRADE', symbol: '🟢' },
  { min: 80, grade: 'A', recommendation: 'SAFE TO TRADE', symbol: '🟢' },
  { min: 70, grade: 'B', recommendation: 'MODERATE RISK', symbol: '🟡' },
  { min: 60, grade: 'C', recommendation: 'MODERATE RISK', symbol: '🟡' },
  { min: 50, grade: 'D', recommendation: 'HIGH RISK', symbol: '🔴' },
  { min: 0, grade: 'F', recommendation: 'VERY HIGH RISK', symbol: '🔴' },
];

export function gradeOf(score: number): Grade {
  return SCALE.find((s) => score >= s.min)!.grade;
}

/** `🟢 SAFE TO TRADE`, `🟡 MODERATE RISK`, `🔴 HIGH RISK`, `🔴 VERY HIGH RISK`. */
export function recommendationOf(score: number): { text: string; symbol: string } {
  const row = SCALE.find((s) => score >= s.min)!;
  return { text: row.recommendation, symbol: row.symbol };
}

export function clampScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}
