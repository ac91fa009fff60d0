import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hex } from 'viem';
import { EmptyChainState } from '../../src/analysis/contract/engine/chain-state';
import { flagOf, type FindingKind, type PowerAnalysis } from '../../src/analysis/contract/engine/findings';
import { analyzePowers } from '../../src/analysis/contract/engine/power-engine';
import { functionsOf } from '../../src/analysis/contract/engine/static-layer';
import { signatureOf } from '../../src/analysis/contract/signatures';

export const FLAGS = ['mint', 'leak', 'limit'] as const;
export type Flag = (typeof FLAGS)[number];
export type Labels = Record<Flag, boolean | null>;

export interface Sample {
  address: Hex;
  code: Hex;
  labels: Labels;
  source: string;
}

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface SampleResult {
  sample: Sample;
  /** The code has balanceOf or transfer: a token the service scans (the rest are crowdsales, games, wallets). */
  token: boolean;
  flags: Set<Flag>;
  kinds: FindingKind[];
  findings: PowerAnalysis['findings'];
  incomplete: boolean;
  /** What was not covered, as the engine words it. */
  incompleteReasons: string[];
  crashed: string | null;
  cpuMs: number;
}

/**
 * The bytecode corpus (public chain data and published labels) lives in the project, bench/corpus, so a
 * fresh clone tests with nothing beside it. Third parties' verified sources stay in ../shared/corpus.
 */
export const CORPUS_DIR = join(__dirname, '../corpus');

export function readCorpus(file: string): Sample[] {
  const text = gunzipSync(readFileSync(join(CORPUS_DIR, file))).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as { address: Hex; code: Hex; labels?: Labels; source?: string };
      return { address: row.address, code: row.code, labels: row.labels ?? { mint: null, leak: null, limit: null }, source: row.source ?? '' };
    });
}

/** Our own clean tokens (bench/clean-tokens): every flag is a known negative. */
export function readCleanSet(): Sample[] {
  const rows = JSON.parse(readFileSync(join(__dirname, '../clean-tokens/clean-tokens.json'), 'utf8')) as { name: string; code: Hex }[];
  return rows.map((row, i) => ({
    address: `0x${(0xc1ea0000 + i).toString(16).padStart(40, '0')}` as Hex,
    code: row.code,
    labels: { mint: false, leak: false, limit: false },
    source: `clean:${row.name}`,
  }));
}

/** Runs the engine on the bare bytecode (an empty chain: every authority unheld, every balance the engine's own). */
export async function analyzeSample(sample: Sample): Promise<SampleResult> {
  const started = process.cpuUsage();
  let analysis: PowerAnalysis | null = null;
  let crashed: string | null = null;
  try {
    analysis = await analyzePowers({ token: sample.address, code: sample.code, logic: null, poolQueries: [], reader: new EmptyChainState(), signatureOf });
  } catch (err) {
    crashed = (err as Error).message;
  }
  const cpu = process.cpuUsage(started);
  const kinds = analysis?.findings.map((f) => f.kind) ?? [];
  return {
    sample,
    token: isToken(sample.code),
    flags: flagsOf(kinds),
    kinds,
    findings: analysis?.findings ?? [],
    incomplete: (analysis?.incomplete.length ?? 0) > 0,
    incompleteReasons: analysis?.incomplete ?? [],
    crashed,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** The mapping every eval scores by: a finding's kind counts for its flag (control kinds for none). */
export function flagsOf(kinds: readonly FindingKind[]): Set<Flag> {
  return new Set(kinds.map(flagOf).filter((f): f is Flag => (FLAGS as readonly string[]).includes(f)));
}

/** The code has balanceOf or transfer: a token the service scans (the rest are crowdsales, games, wallets). */
export function isToken(code: Hex): boolean {
  const selectors = new Set(functionsOf(code).map((f) => f.selector));
  return selectors.has('0x70a08231') || selectors.has('0xa9059cbb');
}

/** What a flag is scored on: the row's labels and the flags its findings raised. */
export interface Scored {
  sample: { labels: Labels };
  flags: Set<Flag>;
}

export function confusion(results: readonly Scored[]): Record<Flag, Confusion> {
  const table = Object.fromEntries(FLAGS.map((f) => [f, { tp: 0, fp: 0, fn: 0, tn: 0 }])) as Record<Flag, Confusion>;
  for (const r of results) {
    for (const flag of FLAGS) {
      const label = r.sample.labels[flag];
      if (label === null) continue;
      const found = r.flags.has(flag);
      const c = table[flag];
      if (label && found) c.tp++;
      else if (label) c.fn++;
      else if (found) c.fp++;
      else c.tn++;
    }
  }
  return table;
}

export const precision = (c: Confusion): number => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
export const recall = (c: Confusion): number => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
