import { FLAGS } from '../detection/evaluate';
import type { DeployedEvalReport, FlagFigures, RowReport } from './run-eval';

const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

/** The report as text: the step counts, per-flag figures, each scanned token's verdict, every failure. */
export function formatReport(report: DeployedEvalReport): string {
  const c = report.counts;
  const matched = c.matched.exact + c.matched.noMetadata;
  const lines = [
    `eval:deployed ${report.startedAt} → ${report.finishedAt} on ${report.machine}`,
    `corpus ${report.corpus}`,
    '',
    `rows ${c.rows}: compiled ${c.compiled} (${pct(c.compiled, c.rows)}), matched ${matched} (${pct(matched, c.rows)}: exact ${c.matched.exact}, same without metadata ${c.matched.noMetadata}; closest only ${c.matched.closest}),`,
    `  deployed ${c.deployed} (${pct(c.deployed, c.rows)}), launched ${c.launched} (${pct(c.launched, c.rows)}), scanned ${c.scanned} (${pct(c.scanned, c.rows)})`,
    '',
    ...flagTable(`all scanned rows (${c.scanned})`, report.flags.all),
    ...flagTable(`scanned rows with the token interface (${report.rows.filter((r) => r.scan && r.token).length})`, report.flags.token),
    '',
    'scanned tokens: grade, honeypot, sells, findings',
    ...report.rows.filter((r) => r.scan).map(scannedLine),
  ];
  const failed = report.rows.filter((r) => r.failure);
  lines.push('', `rows that failed at a step (${failed.length})`);
  for (const r of failed) lines.push(`  ${r.address ?? '(file)'} ${r.name ?? ''} ${r.failure!.step}: ${r.failure!.reason}`);
  return lines.join('\n');
}

function flagTable(title: string, figures: Record<string, FlagFigures>): string[] {
  return [
    title,
    '  flag    TP  FP  FN  TN  precision  recall',
    ...FLAGS.map((flag) => {
      const f = figures[flag];
      return `  ${flag.padEnd(6)} ${[f.tp, f.fp, f.fn, f.tn].map((n) => String(n).padStart(3)).join(' ')}  ${f.precision.toFixed(3).padStart(9)}  ${f.recall.toFixed(3).padStart(6)}`;
    }),
  ];
}

function scannedLine(r: RowReport): string {
  const s = r.scan!;
  const trades = r.launch?.trades ?? [];
  const count = (action: string) => `${trades.filter((t) => t.action === action && t.ok).length}/${trades.filter((t) => t.action === action).length}`;
  const labels = r.labels ? FLAGS.map((f) => `${f}=${r.labels![f] === null ? '?' : r.labels![f] ? 'Y' : 'N'}`).join(' ') : '';
  const holders = s.holderSells ? `holders ${s.holderSells.canSell}/${s.holderSells.checked} sold${s.holderSells.blocked ? ' BLOCKED' : ''}` : 'holders -';
  const kinds = r.missedKinds || r.extraKinds ? ` missed [${(r.missedKinds ?? []).join(',')}] extra [${(r.extraKinds ?? []).join(',')}]` : '';
  return (
    `  ${r.address} ${r.name ?? ''} ${r.compile?.match ?? ''} | ${s.grade} ${s.score} ${s.honeypot ?? ''} | tax ${s.buyTax}/${s.sellTax} ${s.tradeSimulation} | ` +
    `our buys ${count('buy')} sells ${count('sell')}${r.launch?.launchCalls.length ? ` launch ${r.launch.launchCalls.join('+')}` : ''} | ${holders} | ` +
    `${labels} → [${s.kinds.join(',')}]${kinds}`
  );
}
