/**
 * By-hand measure of the compile-and-match stage on a source corpus:
 *
 *   npx tsx bench/deployed/compile/measure.ts [corpus.jsonl.gz] [--only N] [--workers N]
 *        [--cache-dir DIR | --fresh] [--max-versions N] [--no-late] [--orders] [--json FILE] [--replay FILE]
 *
 * Prints how many rows matched exact / no-metadata / closest / failed (with reasons), which releases
 * and settings matched, the compiles it took and the time. --fresh uses an empty compile cache (a
 * cold run); otherwise the usual cache makes a rerun fast. --orders tries every candidate release
 * (no cap, no early stop) and then replays several candidate orders on the recorded matches to count
 * the compiles each order needs before its first match; --replay FILE replays the orders on the
 * --json dump of such a run without compiling again.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readSourceCorpus } from '../source-corpus';
import type { CompileOutcome, SourceRow } from '../types';
import { ATTEMPT_SETTINGS, compileRows, rowCandidates, settingsOrder } from './compile-rows';
import type { CompileSettings } from './compile-worker';
import { fitsCode, SOLC_RELEASES } from './solc-builds';

const DEFAULT_CORPUS = '/work/shared/corpus/sources-dev.jsonl.gz';

interface AttemptLog {
  version: string;
  settings: CompileSettings;
  from: 'cache' | 'solc';
  outcome: string;
}

function settingsLabel(s: { optimizer: { enabled: boolean; runs: number } }): string {
  return s.optimizer.enabled ? `opt ${s.optimizer.runs}` : 'no-opt';
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      only: { type: 'string' },
      workers: { type: 'string' },
      'cache-dir': { type: 'string' },
      fresh: { type: 'boolean' },
      'max-versions': { type: 'string' },
      'no-late': { type: 'boolean' },
      orders: { type: 'boolean' },
      json: { type: 'string' },
      replay: { type: 'string' },
    },
  });
  const corpus = positionals[0] ?? DEFAULT_CORPUS;
  const read = readSourceCorpus(corpus);
  for (const u of read.unreadable) console.log(`unreadable line ${u.line}: ${u.failure.reason}`);
  let rows: SourceRow[] = read.rows;
  if (values.only) rows = rows.slice(0, Number(values.only));
  if (values.replay) {
    // replay the orders on the --json dump of an earlier --orders run, without compiling
    const dump = JSON.parse(readFileSync(values.replay, 'utf8')) as { address: string; attempts: AttemptLog[] }[];
    replayOrders(rows, new Map(dump.map((d) => [d.address.toLowerCase(), d.attempts])));
    return;
  }
  const cacheDir = values.fresh ? mkdtempSync(join(tmpdir(), 'compile-cache-')) : values['cache-dir'];
  const attempts = new Map<string, AttemptLog[]>();
  const started = Date.now();
  let lastLine = 0;
  const outcomes = await compileRows(rows, {
    workers: values.workers ? Number(values.workers) : undefined,
    cacheDir,
    maxVersions: values['max-versions'] ? Number(values['max-versions']) : undefined,
    lateRuns: !values['no-late'],
    exhaustive: values.orders,
    onProgress: (done, total) => {
      if (Date.now() - lastLine > 10_000 || done === total) {
        lastLine = Date.now();
        console.error(`  ${done}/${total} rows done after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    },
    onFinish: (st) =>
      console.log(
        `solc loads ${st.solcLoads} (${st.loadSeconds.toFixed(0)} s of worker time), compiles ${st.compiles} (${st.compileSeconds.toFixed(0)} s), cache hits ${st.cacheHits}`,
      ),
    onAttempt: (address, version, settings, from, outcome) => {
      const list = attempts.get(address) ?? [];
      list.push({ version, settings, from, outcome });
      attempts.set(address, list);
    },
  });
  const seconds = (Date.now() - started) / 1000;
  report(rows, outcomes, attempts, seconds);
  if (values.orders) replayOrders(rows, attempts);
  if (values.json) {
    const dump = rows.map((r) => ({
      address: r.address,
      pragma: r.pragma,
      outcome: summarise(outcomes.get(r.address.toLowerCase())),
      attempts: attempts.get(r.address.toLowerCase()) ?? [],
    }));
    writeFileSync(values.json, JSON.stringify(dump, null, 1));
  }
}

function summarise(o: CompileOutcome | undefined): unknown {
  if (!o) return null;
  if (!o.ok) return o.failure;
  const c = o.compiled;
  return { version: c.version, optimizer: c.optimizer, contract: c.contract, match: c.match, similarity: c.similarity };
}

function report(
  rows: SourceRow[],
  outcomes: Map<string, CompileOutcome>,
  attempts: Map<string, AttemptLog[]>,
  seconds: number,
): void {
  const counts = { exact: 0, 'no-metadata': 0, closest: 0, failed: 0 };
  const reasons = new Map<string, number>();
  const versions = new Map<string, number>();
  const settings = new Map<string, number>();
  const closest: string[] = [];
  for (const r of rows) {
    const o = outcomes.get(r.address.toLowerCase());
    if (!o || !o.ok) {
      counts.failed++;
      const reason = o ? o.failure.reason : 'no outcome';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      continue;
    }
    counts[o.compiled.match]++;
    if (o.compiled.match === 'closest') {
      closest.push(
        `${r.address} pragma ${r.pragma} -> ${o.compiled.version} ${settingsLabel(o.compiled)} ${o.compiled.contract} similarity ${o.compiled.similarity.toFixed(3)} (tried ${attempts.get(r.address.toLowerCase())?.length ?? 0})`,
      );
    } else {
      versions.set(o.compiled.version, (versions.get(o.compiled.version) ?? 0) + 1);
      const label = settingsLabel(o.compiled);
      settings.set(label, (settings.get(label) ?? 0) + 1);
    }
  }
  const all = [...attempts.values()].flat();
  const n = rows.length;
  const pct = (k: number): string => `${((100 * k) / Math.max(1, n)).toFixed(1)} %`;
  console.log(
    `rows ${n}: exact ${counts.exact}, no-metadata ${counts['no-metadata']}, closest ${counts.closest}, failed ${counts.failed}`,
  );
  console.log(
    `matched (exact + no-metadata): ${counts.exact + counts['no-metadata']} = ${pct(counts.exact + counts['no-metadata'])}`,
  );
  console.log(
    `compiles: ${all.length} attempts, ${all.filter((a) => a.from === 'solc').length} by solc, ${all.filter((a) => a.from === 'cache').length} from the cache`,
  );
  console.log(`time: ${seconds.toFixed(1)} s`);
  console.log(
    `matched releases: ${[...versions.entries()]
      .sort()
      .map(([v, k]) => `${v}×${k}`)
      .join(' ')}`,
  );
  console.log(`matched settings: ${[...settings.entries()].map(([v, k]) => `${v}×${k}`).join(' ')}`);
  if (closest.length) console.log(`closest:\n  ${closest.join('\n  ')}`);
  if (reasons.size) console.log(`failed:\n  ${[...reasons.entries()].map(([r, k]) => `${k} × ${r}`).join('\n  ')}`);
}

/**
 * Replays candidate orders over an exhaustive run (every release that fits the code hints, both
 * settings): the compiles each order needs before its first match. A release outside the hints was
 * not compiled there; an order that tries it pays 2 compiles for a non-match (the hints were never
 * wrong on this corpus). A source error ends a release after 1 compile, as compileRows does.
 */
function replayOrders(rows: SourceRow[], attempts: Map<string, AttemptLog[]>): void {
  type Order = (row: SourceRow) => string[];
  const allowed = (row: SourceRow): string[] => {
    const set = new Set(rowCandidates(row));
    return SOLC_RELEASES.filter((v) => set.has(v));
  };
  const hinted = (row: SourceRow, vs: string[]): string[] => {
    const fits = fitsCode(row.code);
    return [...vs.filter(fits), ...vs.filter((v) => !fits(v))];
  };
  const floorNewestRest = (vs: string[]): string[] =>
    vs.length <= 2 ? vs : [vs[0], vs[vs.length - 1], ...vs.slice(1, -1)];
  const orders: Record<string, Order> = {
    'floor, newest, rest ascending': (r) => floorNewestRest(allowed(r)),
    ascending: (r) => allowed(r),
    descending: (r) => [...allowed(r)].reverse(),
    'floor, newest, rest ascending + code hints (used)': (r) => rowCandidates(r),
    'ascending + code hints': (r) => hinted(r, allowed(r)),
    'descending + code hints': (r) => hinted(r, [...allowed(r)].reverse()),
    'newest, floor, rest descending + code hints': (r) => {
      const vs = allowed(r);
      return hinted(r, vs.length <= 2 ? [...vs].reverse() : [vs[vs.length - 1], vs[0], ...vs.slice(1, -1).reverse()]);
    },
  };
  const same = (a: CompileSettings, b: CompileSettings): boolean =>
    a.optimizer.enabled === b.optimizer.enabled && a.optimizer.runs === b.optimizer.runs;
  console.log('\ncandidate orders replayed on the exhaustive run (compiles until the first match):');
  for (const settingsBy of ['fixed (opt 200, then off)', 'by code (settingsOrder)'] as const) {
    for (const [name, order] of Object.entries(orders)) {
      let matched = 0;
      let cost = 0;
      let within8 = 0;
      for (const r of rows) {
        const log = attempts.get(r.address.toLowerCase()) ?? [];
        const settings = settingsBy === 'by code (settingsOrder)' ? settingsOrder(r.code) : ATTEMPT_SETTINGS;
        let steps = 0;
        let found = false;
        let compiledVersions = 0;
        for (const v of order(r)) {
          const tried = log.filter((a) => a.version === v);
          if (tried.length === 0) {
            steps += 2;
            continue;
          }
          if (tried.some((a) => !a.outcome.startsWith('error'))) compiledVersions++;
          for (const s of settings) {
            steps++;
            const a = tried.find((t) => same(t.settings, s));
            if (a && /^(exact|no-metadata)/.test(a.outcome)) {
              found = true;
              break;
            }
            if (a?.outcome.startsWith('error')) break;
          }
          if (found) break;
        }
        if (found) {
          matched++;
          cost += steps;
          if (compiledVersions <= 8) within8++;
        }
      }
      console.log(
        `  [${settingsBy}] ${name}: ${matched} matched, ${cost} compiles in all, mean ${(cost / Math.max(1, matched)).toFixed(2)}, ${within8} within 8 compiled releases`,
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
