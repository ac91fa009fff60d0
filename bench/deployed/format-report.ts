import { FLAGS, sideBySide } from '../detection/evaluate';
import type { DeployedEvalReport, RowReport } from './run-eval';

const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

/** The report as text: the step counts, per-flag figures, each scanned token's verdict, every failure. */
export function formatReport(report: DeployedEvalReport): string {
  const c = report.counts;
  const matched = c.matched.exact + c.matched.noMetadata;
  const tokens = report.rows.filter((r) => r.token);
  const lines = [
    `eval:deployed ${report.startedAt} → ${report.finishedAt} on ${report.machine}`,
    `corpus ${report.corpus}`,
    '',
    `rows ${c.rows}: compiled ${c.compiled} (${pct(c.compiled, c.rows)}), matched ${matched} (${pct(matched, c.rows)}: exact ${c.matched.exact}, same without metadata ${c.matched.noMetadata}; closest only ${c.matched.closest}),`,
    `  deployed ${c.deployed} (${pct(c.deployed, c.rows)}), launched ${c.launched} (${pct(c.launched, c.rows)}), scanned ${c.scanned} (${pct(c.scanned, c.rows)}; ${report.rows.filter((r) => r.scan && !r.launch).length} of them as they stood, not launched)`,
    `  rows whose code has the token interface: ${tokens.length}; of them launched ${tokens.filter((r) => r.launch).length} (${pct(tokens.filter((r) => r.launch).length, tokens.length)}), scanned ${tokens.filter((r) => r.scan).length} (${pct(tokens.filter((r) => r.scan).length, tokens.length)})`,
    '',
    ...flagTable(`all scanned rows (${c.scanned})`, report.flags.all, report.flags.corrected?.all),
    ...flagTable(
      `scanned rows with the token interface (${report.rows.filter((r) => r.scan && r.token).length})`,
      report.flags.token,
      report.flags.corrected?.token,
    ),
    `label corrections (bench/detection/label-corrections.csv) on ${report.rows.filter((r) => r.scan && r.correctedLabels).length} scanned rows`,
    '',
    'scanned tokens: grade, honeypot, sells, findings',
    ...report.rows.filter((r) => r.scan).map(scannedLine),
  ];
  const failed = report.rows.filter((r) => r.failure);
  lines.push('', `rows that failed at a step (${failed.length})`);
  for (const r of failed)
    lines.push(`  ${r.address ?? '(file)'} ${r.name ?? ''} ${r.failure!.step}: ${r.failure!.reason}`);
  return lines.join('\n');
}

/** Raw labels beside corrected labels (a report saved before corrections existed shows raw on both sides). */
function flagTable(
  title: string,
  raw: DeployedEvalReport['flags']['all'],
  corrected: DeployedEvalReport['flags']['all'] | undefined,
): string[] {
  return [title, ...sideBySide(raw, corrected ?? raw)];
}

function scannedLine(r: RowReport): string {
  const s = r.scan!;
  const trades = r.launch?.trades ?? [];
  const count = (action: string) =>
    `${trades.filter((t) => t.action === action && t.ok).length}/${trades.filter((t) => t.action === action).length}`;
  const yn = (v: boolean | null) => (v === null ? '?' : v ? 'Y' : 'N');
  const label = (f: (typeof FLAGS)[number]) => {
    const raw = yn(r.labels![f]);
    const fixed = r.correctedLabels ? yn(r.correctedLabels[f]) : raw;
    return `${f}=${raw}${fixed !== raw ? `→${fixed}` : ''}`;
  };
  const labels = r.labels ? FLAGS.map(label).join(' ') : '';
  const holders = s.holderSells
    ? `holders ${s.holderSells.canSell}/${s.holderSells.checked} sold${s.holderSells.blocked ? ' BLOCKED' : ''}`
    : 'holders -';
  const kinds =
    r.missedKinds || r.extraKinds
      ? ` missed [${(r.missedKinds ?? []).join(',')}] extra [${(r.extraKinds ?? []).join(',')}]`
      : '';
  return (
    `  ${r.address} ${r.name ?? ''} ${r.compile?.match ?? ''} | ${s.grade} ${s.score} ${s.honeypot ?? ''} | tax ${s.buyTax}/${s.sellTax} ${s.tradeSimulation} | ` +
    `our buys ${count('buy')} sells ${count('sell')}${r.launch?.launchCalls.length ? ` launch ${r.launch.launchCalls.join('+')}` : ''} | ${holders} | ` +
    `${labels} → [${s.kinds.join(',')}]${kinds}`
  );
}
