import { writeFileSync } from 'node:fs';
import { analyzeSample, readCleanSet, readCorpus, type Sample } from './detection/evaluate';

/** tsx bench/findings-dump.ts OUT.json [dev|clean|unlabelled ...]: every contract's findings and CPU, for diffing two revisions. */
async function main(): Promise<void> {
  const [out, ...sets] = process.argv.slice(2);
  const wanted = sets.length ? sets : ['dev', 'clean', 'unlabelled'];
  const samples: [string, Sample][] = [];
  if (wanted.includes('dev')) readCorpus('detection-dev.jsonl.gz').forEach((s) => samples.push(['dev', s]));
  if (wanted.includes('clean')) readCleanSet().forEach((s) => samples.push(['clean', s]));
  if (wanted.includes('unlabelled'))
    readCorpus('bytecodes-unlabelled.jsonl.gz').forEach((s) => samples.push(['unlabelled', s]));
  const rows: Record<string, { findings: string[]; incomplete: string[]; crashed: string | null }> = {};
  const cpu: Record<string, number> = {};
  for (const [set, sample] of samples) {
    const r = await analyzeSample(sample);
    const id = `${set}:${sample.address}:${sample.source}`;
    rows[id] = {
      findings: r.findings.map((f) => `${f.kind} ${f.selector ?? '-'} ${f.status}`).sort(),
      incomplete: r.incompleteReasons,
      crashed: r.crashed,
    };
    cpu[id] = r.cpuMs;
  }
  writeFileSync(out, JSON.stringify(rows, null, 1));
  writeFileSync(out.replace(/\.json$/, '.cpu.json'), JSON.stringify(cpu));
  for (const set of wanted) {
    const v = Object.entries(cpu)
      .filter(([k]) => k.startsWith(`${set}:`))
      .map(([, c]) => c)
      .sort((a, b) => a - b);
    console.log(
      `${set}: n=${v.length} median ${v[Math.floor(v.length / 2)]?.toFixed(1)} p95 ${v[Math.floor(v.length * 0.95)]?.toFixed(1)} total ${(v.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
    );
  }
}
void main();
