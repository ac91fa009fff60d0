import type { Colors } from 'picocolors/types';
import type { ScanTokenResponses } from '../../sdk/src';

export type ScanData = ScanTokenResponses[200]['data'];

/** Grades from best to worst (SPEC.md "Score and grade scale"). */
export const GRADES = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];

export function isGrade(value: string): value is Grade {
  return (GRADES as readonly string[]).includes(value);
}

/** True when `grade` is at or below `threshold` (F is below everything). */
export function atOrBelow(grade: string, threshold: Grade): boolean {
  const rank = GRADES.indexOf(grade as Grade);
  return rank < 0 || rank >= GRADES.indexOf(threshold);
}

function colourOf(recommendation: string, c: Colors): (text: string) => string {
  if (recommendation.includes('SAFE')) return c.green;
  if (recommendation.includes('MODERATE')) return c.yellow;
  return c.red;
}

/** A scan as a person reads it: the verdict first, then why. */
export function renderScan(data: ScanData, c: Colors): string {
  const token = data.token_info;
  const paint = colourOf(data.recommendation, c);
  const lines = [
    `${c.bold(`${token.name} (${token.symbol})`)}  ${c.dim(`${token.contract_address} on ${token.chain} (chain ${token.chain_id})`)}`,
    `${paint(c.bold(`Grade ${data.grade}`))}  score ${data.service_score}/100  ${paint(data.recommendation)}`,
  ];
  const security = data.analysis.security;
  if (security) {
    lines.push(
      '',
      `Honeypot: ${security.honeypot_risk}   Rug pull: ${security.rug_pull_risk}`,
      `Taxes: buy ${security.taxes.buy}, sell ${security.taxes.sell}, transfer ${security.taxes.transfer}   Trade simulation: ${security.trade_simulation}`,
    );
    if (security.malicious_functions.length === 0) {
      lines.push(c.green('No owner power found by running the contract'));
    } else {
      lines.push(c.bold('Findings:'));
      for (const f of security.malicious_functions) {
        const severity = f.severity === 'CRITICAL' || f.severity === 'HIGH' ? c.red(f.severity) : c.yellow(f.severity);
        lines.push(`  ${severity} ${f.kind} via ${f.function} (${f.status})`, `    ${c.dim(f.risk)}`);
      }
    }
  }
  for (const section of data.incomplete_sections ?? [])
    lines.push(c.yellow(`Incomplete: ${section.section} (${section.reason})`));
  return `${lines.join('\n')}\n`;
}
