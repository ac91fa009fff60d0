import { arch, cpus } from 'node:os';
import { confusion, FLAGS, percentile, precision, readCleanSet, readCorpus, recall, analyzeSample, type SampleResult } from './detection/evaluate';

/**
 * npm run eval:detection [-- --unlabelled] [-- --misses] [-- --address=0x…]
 * Detection quality of the contract engine on bench/corpus: per flag TP/FP/FN/TN, precision and
 * recall on the labelled dev set, precision on the dev set plus our clean tokens, per-kind counts;
 * with --unlabelled, crashes, "analysis incomplete" and engine CPU time on the 2,000 unlabelled codes.
 */
async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const address = process.argv.slice(2).find((a) => a.startsWith('--address='));
  if (address) return inspect(address.slice('--address='.length));
  console.log(`eval:detection ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores, ${arch()}), node ${process.version}`);
  const dev = await runAll(readCorpus('detection-dev.jsonl.gz'));
  const clean = await runAll(readCleanSet());
  report('dev set (201 labelled mainnet contracts)', dev);
  report(`dev set, token interface only (${dev.filter((r) => r.token).length} with balanceOf or transfer: what a scan accepts)`, dev.filter((r) => r.token));
  const devTable = confusion(dev);
  const cleanTable = confusion(clean);
  console.log(`\nclean set (${clean.length} tokens of our own): false positives per flag`);
  for (const flag of FLAGS) {
    const fp = cleanTable[flag].fp + devTable[flag].fp;
    const p = devTable[flag].tp / (devTable[flag].tp + fp || 1);
    console.log(`  ${flag.padEnd(6)} clean FP ${cleanTable[flag].fp}/${clean.length}  precision on dev + clean ${p.toFixed(3)}`);
  }
  for (const r of clean.filter((c) => c.flags.size > 0)) console.log(`  clean FP: ${r.sample.source} → ${r.kinds.join(', ')}`);
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
  const sample = [...readCorpus('detection-dev.jsonl.gz'), ...readCorpus('bytecodes-unlabelled.jsonl.gz')].find((s) => s.address.toLowerCase() === address.toLowerCase());
  if (!sample) throw new Error(`${address} is not in the corpus`);
  const result = await analyzeSample(sample);
  console.log(`${sample.address} labels ${JSON.stringify(sample.labels)} ${sample.source}; token interface: ${result.token}; CPU ${result.cpuMs.toFixed(0)} ms`);
  for (const finding of result.findings) console.log(`  ${finding.kind} ${finding.selector ?? ''} ${finding.status}: ${finding.evidence}`);
  if (result.incomplete) console.log('  analysis incomplete');
}

function report(title: string, results: SampleResult[]): void {
  const table = confusion(results);
  console.log(`\n${title}`);
  console.log('  flag    TP  FP  FN  TN  precision  recall');
  for (const flag of FLAGS) {
    const c = table[flag];
    console.log(`  ${flag.padEnd(6)} ${[c.tp, c.fp, c.fn, c.tn].map((n) => String(n).padStart(3)).join(' ')}  ${precision(c).toFixed(3).padStart(9)}  ${recall(c).toFixed(3).padStart(6)}`);
  }
  const kinds = new Map<string, number>();
  for (const r of results) for (const k of new Set(r.kinds)) kinds.set(k, (kinds.get(k) ?? 0) + 1);
  console.log(`  tokens per kind: ${[...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  timing(results);
}

function timing(results: SampleResult[]): void {
  const cpu = results.map((r) => r.cpuMs);
  console.log(`  engine CPU per contract: median ${percentile(cpu, 50).toFixed(0)} ms, p95 ${percentile(cpu, 95).toFixed(0)} ms`);
}

function printMisses(results: SampleResult[]): void {
  for (const r of results) {
    for (const flag of FLAGS) {
      const label = r.sample.labels[flag];
      if (label === null || label === r.flags.has(flag)) continue;
      console.log(`${label ? 'FN' : 'FP'} ${flag} ${r.sample.address} ${r.token ? 'token' : 'no-token'} [${r.kinds.join(',')}] ${r.sample.source.slice(0, 80)}`);
    }
  }
}

function robustness(results: SampleResult[]): void {
  const crashes = results.filter((r) => r.crashed);
  const incomplete = results.filter((r) => r.incomplete);
  console.log(`\nunlabelled set (${results.length} mainnet bytecodes)`);
  console.log(`  crashes ${crashes.length}, analysis incomplete ${incomplete.length} (${((100 * incomplete.length) / results.length).toFixed(2)}%)`);
  timing(results);
  for (const r of crashes.slice(0, 10)) console.log(`  crash ${r.sample.address}: ${r.crashed}`);
  const reasons = new Map<string, number>();
  for (const r of incomplete) for (const reason of new Set(r.incompleteReasons.map((x) => x.replace(/0x[0-9a-f]+/g, '0x…')))) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  incomplete: ${n} × ${reason}`);
}

void main();
