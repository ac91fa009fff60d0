import { arch, cpus } from 'node:os';
import {
  analyzeSample,
  confusion,
  correctedFlags,
  correctedLabels,
  FLAGS,
  percentile,
  readCleanSet,
  readCorpus,
  readLabelCorrectionRows,
  sideBySide,
  type SampleResult,
  type Scored,
} from './detection/evaluate';

/**
 * npm run eval:detection [-- --unlabelled] [-- --misses] [-- --address=0x…]
 * Detection quality of the contract engine on bench/corpus: per flag TP/FP/FN/TN, precision and
 * recall on the labelled dev set, precision on the dev set plus our clean tokens, per-kind counts;
 * each table with the published (raw) labels beside the labels as corrected in
 * bench/detection/label-corrections.csv; --misses lists misses by the corrected labels;
 * with --unlabelled, crashes, "analysis incomplete" and engine CPU time on the 2,000 unlabelled codes.
 */
async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const address = process.argv.slice(2).find((a) => a.startsWith('--address='));
  if (address) return inspect(address.slice('--address='.length));
  console.log(
    `eval:detection ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores, ${arch()}), node ${process.version}`,
  );
  const corrections = readLabelCorrectionRows();
  console.log(
    `label corrections: ${corrections.length} (address, flag) in bench/detection/label-corrections.csv, on ${new Set(corrections.map((c) => c.address)).size} contracts`,
  );
  const dev = await runAll(readCorpus('detection-dev.jsonl.gz'));
  const clean = await runAll(readCleanSet());
  report('dev set (201 labelled mainnet contracts)', dev);
  report(
    `dev set, token interface only (${dev.filter((r) => r.token).length} with balanceOf or transfer: what a scan accepts)`,
    dev.filter((r) => r.token),
  );
  const devTable = confusion(dev);
  const devCorrected = confusion(dev.map(corrected));
  const cleanTable = confusion(clean);
  console.log(`\nclean set (${clean.length} tokens of our own): false positives per flag`);
  for (const flag of FLAGS) {
    const p = (t: typeof devTable) => t[flag].tp / (t[flag].tp + t[flag].fp + cleanTable[flag].fp || 1);
    console.log(
      `  ${flag.padEnd(6)} clean FP ${cleanTable[flag].fp}/${clean.length}  precision on dev + clean ${p(devTable).toFixed(3)} raw, ${p(devCorrected).toFixed(3)} corrected`,
    );
  }
  for (const r of clean.filter((c) => c.flags.size > 0))
    console.log(`  clean FP: ${r.sample.source} → ${r.kinds.join(', ')}`);
  if (args.has('--misses')) printMisses(dev);
  if (args.has('--unlabelled')) robustness(await runAll(readCorpus('bytecodes-unlabelled.jsonl.gz')));
}

async function runAll(samples: ReturnType<typeof readCorpus>): Promise<SampleResult[]> {
  const results: SampleResult[] = [];
  for (const sample of samples) results.push(await analyzeSample(sample));
  return results;
}

/** --address=0x…: one contract's findings with their evidence, for reading a miss. */
async function inspect(address: string): Promise<void> {
  const sample = [...readCorpus('detection-dev.jsonl.gz'), ...readCorpus('bytecodes-unlabelled.jsonl.gz')].find(
    (s) => s.address.toLowerCase() === address.toLowerCase(),
  );
  if (!sample) throw new Error(`${address} is not in the corpus`);
  const result = await analyzeSample(sample);
  console.log(
    `${sample.address} labels ${JSON.stringify(sample.labels)} ${sample.source}; token interface: ${result.token}; CPU ${result.cpuMs.toFixed(0)} ms`,
  );
  for (const fix of correctedFlags(sample.address).values())
    console.log(
      `  label corrected: ${fix.flag} ${String(fix.raw)}→${String(fix.corrected)} ${fix.function}: ${fix.evidence}`,
    );
  for (const finding of result.findings)
    console.log(`  ${finding.kind} ${finding.selector ?? ''} ${finding.status}: ${finding.evidence}`);
  if (result.incomplete) console.log('  analysis incomplete');
}

/** The result scored by its corrected labels. */
function corrected(r: SampleResult): Scored {
  return { sample: { labels: correctedLabels(r.sample.address, r.sample.labels) }, flags: r.flags };
}

function report(title: string, results: SampleResult[]): void {
  console.log(`\n${title}`);
  for (const line of sideBySide(confusion(results), confusion(results.map(corrected)))) console.log(line);
  const kinds = new Map<string, number>();
  for (const r of results) for (const k of new Set(r.kinds)) kinds.set(k, (kinds.get(k) ?? 0) + 1);
  console.log(
    `  tokens per kind: ${[...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  timing(results);
}

function timing(results: SampleResult[]): void {
  const cpu = results.map((r) => r.cpuMs);
  console.log(
    `  engine CPU per contract: median ${percentile(cpu, 50).toFixed(0)} ms, p95 ${percentile(cpu, 95).toFixed(0)} ms`,
  );
}

/** Misses by the corrected labels; a corrected label is marked with its raw value and the CSV line. */
function printMisses(results: SampleResult[]): void {
  console.log('\nmisses by the corrected labels (FN/FP flag address token|no-token [kinds] label-source)');
  for (const r of results) {
    const labels = correctedLabels(r.sample.address, r.sample.labels);
    const fixes = correctedFlags(r.sample.address);
    for (const flag of FLAGS) {
      const label = labels[flag];
      if (label === null || label === r.flags.has(flag)) continue;
      const fix = fixes.get(flag);
      const mark = fix
        ? ` CORRECTED ${String(fix.raw)}→${String(fix.corrected)} (label-corrections.csv line ${fix.line})`
        : '';
      console.log(
        `${label ? 'FN' : 'FP'} ${flag} ${r.sample.address} ${r.token ? 'token' : 'no-token'} [${r.kinds.join(',')}] ${r.sample.source.slice(0, 80)}${mark}`,
      );
    }
  }
  const fixed = results.flatMap((r) =>
    [...correctedFlags(r.sample.address).values()].filter(
      (fix) =>
        fix.raw !== null &&
        fix.raw !== r.flags.has(fix.flag) &&
        fix.corrected !== null &&
        fix.corrected === r.flags.has(fix.flag),
    ),
  );
  if (fixed.length > 0)
    console.log(
      `(${fixed.length} raw misses are hits by the corrected labels: ${fixed.map((f) => `${f.flag} ${f.address}`).join(', ')})`,
    );
}

function robustness(results: SampleResult[]): void {
  const crashes = results.filter((r) => r.crashed);
  const incomplete = results.filter((r) => r.incomplete);
  console.log(`\nunlabelled set (${results.length} mainnet bytecodes)`);
  console.log(
    `  crashes ${crashes.length}, analysis incomplete ${incomplete.length} (${((100 * incomplete.length) / results.length).toFixed(2)}%)`,
  );
  timing(results);
  for (const r of crashes.slice(0, 10)) console.log(`  crash ${r.sample.address}: ${r.crashed}`);
  const reasons = new Map<string, number>();
  for (const r of incomplete)
    for (const reason of new Set(r.incompleteReasons.map((x) => x.replace(/0x[0-9a-f]+/g, '0x…'))))
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  incomplete: ${n} × ${reason}`);
}

void main();
