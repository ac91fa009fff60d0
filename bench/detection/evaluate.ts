import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hex } from 'viem';
import { EmptyChainState } from '../../src/analysis/contract/engine/chain-state';
import { flagOf, type FindingKind, type PowerAnalysis } from '../../src/analysis/contract/engine/findings';
import { analyzePowers } from '../../src/analysis/contract/engine/power-engine';
import { functionsOf } from '../../src/analysis/contract/engine/static-layer';
import { signatureOf } from '../../src/analysis/contract/signatures';
import { projectRoot } from '../../src/common/project-root';

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
export const CORPUS_DIR = join(projectRoot(), 'bench', 'corpus');

export function readCorpus(file: string, dir: string = CORPUS_DIR): Sample[] {
  const text = gunzipSync(readFileSync(join(dir, file))).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as { address: Hex; code: Hex; labels?: Labels; source?: string };
      return {
        address: row.address,
        code: row.code,
        labels: row.labels ?? { mint: null, leak: null, limit: null },
        source: row.source ?? '',
      };
    });
}

/** Our own clean tokens (bench/clean-tokens): every flag is a known negative. */
export function readCleanSet(): Sample[] {
  const rows = JSON.parse(readFileSync(join(__dirname, '../clean-tokens/clean-tokens.json'), 'utf8')) as {
    name: string;
    code: Hex;
  }[];
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
    analysis = await analyzePowers({
      token: sample.address,
      code: sample.code,
      logic: null,
      poolQueries: [],
      reader: new EmptyChainState(),
      signatureOf,
    });
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

/**
 * Dev labels found wrong on reading the verified source (bench/detection/label-corrections.csv): one line
 * per corrected (address, flag) with the function and the quoted source line as evidence. The evals print
 * raw and corrected figures side by side; the raw labels stay as published.
 */
export const LABEL_CORRECTIONS_FILE = join(projectRoot(), 'bench', 'detection', 'label-corrections.csv');
const LABEL_CORRECTIONS_HEADER = ['address', 'flag', 'raw', 'corrected', 'function', 'evidence'] as const;

export interface LabelCorrection {
  /** Lowercase. */
  address: string;
  flag: Flag;
  raw: boolean | null;
  corrected: boolean | null;
  function: string;
  evidence: string;
  /** 1-based line of the CSV where the row starts. */
  line: number;
}

/**
 * RFC 4180 CSV: fields split on commas, a field in double quotes may hold commas, newlines and doubled
 * quotes. Refuses, naming the line, a quote inside an unquoted field, text after a closing quote and an
 * unclosed quote. Blank lines are skipped.
 */
export function parseCsv(text: string, name = 'csv'): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) throw new Error(`${name} line ${start}: a quoted field is not closed`);
          const ch = text[i];
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n') line++;
          field += ch;
          i++;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          throw new Error(
            `${name} line ${line}: text after a closing quote (a quote inside a quoted field must be doubled)`,
          );
        }
      } else {
        while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          if (text[i] === '"')
            throw new Error(
              `${name} line ${line}: a quote inside an unquoted field (quote the whole field and double the quote)`,
            );
          field += text[i];
          i++;
        }
      }
      fields.push(field);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') {
      i++;
      line++;
    }
    if (!(fields.length === 1 && fields[0].trim() === '')) records.push({ line: start, fields });
  }
  return records;
}

const LABEL_TEXT: Record<string, boolean | null> = { true: true, false: false, null: null };

/**
 * The corrections in CSV text, checked line by line: the header, six fields, a 0x address, a flag of
 * mint/leak/limit, raw and corrected each true/false/null and different, a function (or `-`), evidence,
 * one line per (address, flag). With `corpus` (lowercase address → labels), every row's address must be
 * in it and its raw value must be the corpus label. Throws naming the line on the first problem.
 */
export function parseLabelCorrections(
  text: string,
  corpus?: ReadonlyMap<string, Labels>,
  name = 'label-corrections.csv',
): LabelCorrection[] {
  const [header, ...records] = parseCsv(text, name);
  if (!header || header.fields.join(',') !== LABEL_CORRECTIONS_HEADER.join(',')) {
    throw new Error(`${name} line ${header?.line ?? 1}: the header must be ${LABEL_CORRECTIONS_HEADER.join(',')}`);
  }
  const seen = new Set<string>();
  return records.map(({ line, fields }) => {
    const fail = (why: string): never => {
      throw new Error(`${name} line ${line}: ${why}`);
    };
    if (fields.length !== LABEL_CORRECTIONS_HEADER.length)
      fail(
        `${fields.length} fields, expected ${LABEL_CORRECTIONS_HEADER.length} (${LABEL_CORRECTIONS_HEADER.join(',')})`,
      );
    const [address, flag, raw, corrected, fn, evidence] = fields.map((f) => f.trim());
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) fail(`"${address}" is not an address`);
    if (!(FLAGS as readonly string[]).includes(flag)) fail(`flag "${flag}" is not one of ${FLAGS.join('/')}`);
    if (!(raw in LABEL_TEXT)) fail(`raw "${raw}" is not true, false or null`);
    if (!(corrected in LABEL_TEXT)) fail(`corrected "${corrected}" is not true, false or null`);
    if (raw === corrected) fail(`raw and corrected are both ${raw}: not a correction`);
    if (!fn) fail('no function (write - when there is none)');
    if (!evidence) fail('no evidence');
    const key = `${address.toLowerCase()} ${flag}`;
    if (seen.has(key)) fail(`${address} ${flag} is corrected twice`);
    seen.add(key);
    const row: LabelCorrection = {
      address: address.toLowerCase(),
      flag: flag as Flag,
      raw: LABEL_TEXT[raw],
      corrected: LABEL_TEXT[corrected],
      function: fn,
      evidence,
      line,
    };
    if (corpus) {
      const labels = corpus.get(row.address);
      if (!labels) fail(`${address} is not in the corpus`);
      else if (labels[row.flag] !== row.raw)
        fail(`${address} ${flag}: raw is ${raw} but the corpus label is ${String(labels[row.flag])}`);
    }
    return row;
  });
}

let correctionRows: LabelCorrection[] | undefined;

/** The corrections file, validated against the dev corpus (read once; throws on any bad line). */
export function readLabelCorrectionRows(): LabelCorrection[] {
  if (!correctionRows) {
    const corpus = new Map(
      readCorpus('detection-dev.jsonl.gz', join(projectRoot(), 'bench', 'corpus')).map((s) => [
        s.address.toLowerCase(),
        s.labels,
      ]),
    );
    correctionRows = parseLabelCorrections(readFileSync(LABEL_CORRECTIONS_FILE, 'utf8'), corpus);
  }
  return correctionRows;
}

/** Lowercase address → the corrected value of each corrected flag. */
export function readLabelCorrections(): Map<string, Partial<Labels>> {
  const map = new Map<string, Partial<Labels>>();
  for (const row of readLabelCorrectionRows())
    map.set(row.address, { ...map.get(row.address), [row.flag]: row.corrected });
  return map;
}

/**
 * A row's labels with the corrections for its address applied (unchanged when it has none). Throws when a
 * corrected flag's label is not the raw value the correction was written against: a different corpus.
 */
export function correctedLabels(address: string, labels: Labels): Labels {
  const rows = readLabelCorrectionRows().filter((r) => r.address === address.toLowerCase());
  if (rows.length === 0) return labels;
  const out = { ...labels };
  for (const row of rows) {
    if (labels[row.flag] !== row.raw) {
      throw new Error(
        `label-corrections.csv line ${row.line}: ${address} ${row.flag} is corrected from ${String(row.raw)}, but this row's label is ${String(labels[row.flag])}`,
      );
    }
    out[row.flag] = row.corrected;
  }
  return out;
}

/** The flags whose label a correction changed for this address (empty when none). */
export function correctedFlags(address: string): Map<Flag, LabelCorrection> {
  return new Map(
    readLabelCorrectionRows()
      .filter((r) => r.address === address.toLowerCase())
      .map((r) => [r.flag, r]),
  );
}

const fmtRow = (c: Confusion): string =>
  `${[c.tp, c.fp, c.fn, c.tn].map((n) => String(n).padStart(3)).join(' ')}  ${precision(c).toFixed(3).padStart(9)}  ${recall(c).toFixed(3).padStart(6)}`;

/** Per-flag TP FP FN TN precision recall, raw labels on the left and corrected labels on the right. */
export function sideBySide(raw: Record<Flag, Confusion>, corrected: Record<Flag, Confusion>): string[] {
  const head = ' TP  FP  FN  TN  precision  recall';
  return [
    `  ${'raw labels'.padStart(6 + 1 + head.length)}   | corrected labels`,
    `  flag   ${head}   | ${head}`,
    ...FLAGS.map((flag) => `  ${flag.padEnd(6)} ${fmtRow(raw[flag])}   | ${fmtRow(corrected[flag])}`),
  ];
}
