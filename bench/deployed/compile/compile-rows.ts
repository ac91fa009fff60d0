/**
 * Compile-and-match stage of the deployed-token eval: recompiles each row's verified source with the
 * solc releases its pragma allows until one of its contracts reproduces the deployed runtime code.
 *
 * Per row: candidate releases (rowCandidates: pragma order, releases that fit the deployed code
 * first; up to MAX_VERSIONS that compile the source, MAX_TRIED in all) x ATTEMPT_SETTINGS (in the
 * order settingsOrder() reads from the code); stop at the first 'exact' or 'no-metadata' match. If
 * none matched, LATE_RUNS on the two releases that came closest; else keep the best 'closest'.
 *
 * Work is batched by release: round k sends each unmatched row's k-th release to a pool of worker
 * processes, each holding one solc; a worker serves its release's queue (the same row's second
 * setting included) before it is replaced by another release's. Every compile's result is cached on
 * disk by sha256(version, settings, source), compile errors included (timeouts, crashes and load
 * failures are not), so a rerun only compiles what changed. Nothing here throws for a row: failures
 * are values.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Hex } from 'viem';
import type { CompileOutcome, CompiledRow, SourceRow } from '../types';
import type { CompileResult, CompileSettings, WorkerReply, WorkerRequest } from './compile-worker';
import { compareCode } from './match';
import { candidateVersions, fitsCode, normalisePragma, rankByCode, type LoadOptions } from './solc-builds';

/**
 * Releases per row whose compile succeeded, at most (x settings each). Releases that reject the
 * source (too old for its syntax, typically) cost little and do not count, up to MAX_TRIED in all.
 */
export const MAX_VERSIONS = 8;
export const MAX_TRIED = 16;

/**
 * Settings tried for every candidate release: Etherscan's and truffle's usual optimizer (on, 200
 * runs) and the optimizer off (Remix's default at the time). On sources-dev 117 rows match with the
 * optimizer off and 82 with it on, hence settingsOrder().
 */
export const ATTEMPT_SETTINGS: CompileSettings[] = [
  { optimizer: { enabled: true, runs: 200 } },
  { optimizer: { enabled: false, runs: 200 } },
];

/**
 * Run counts tried last, on the releases that compiled best, when nothing matched with the settings
 * above: some deployers tuned the optimizer (1 for small code, 999999 and friends for cheap calls).
 */
export const LATE_RUNS = [1, 999999, 10000, 1000, 500, 100];
/** How many of a row's best releases get the LATE_RUNS attempts. */
export const LATE_VERSIONS = 2;

/** A compile that takes longer than this is abandoned and its worker restarted. */
export const JOB_TIMEOUT_MS = 60_000;
const LOAD_TIMEOUT_MS = 300_000;
/** A release with at least this many queued jobs per worker gets a second worker when one is free. */
const SPLIT_MIN_PENDING = 4;

export interface CompileRowsOptions {
  onProgress?(done: number, total: number): void;
  /** Where compile results are cached (default $COMPILE_CACHE_DIR or ~/.cache/token-analysis/compiles). */
  cacheDir?: string;
  /** Worker processes alive at once (default 2). */
  workers?: number;
  /** Where downloaded soljson builds live (default $SOLC_CACHE_DIR or ~/.cache/token-analysis/solc). */
  solcCacheDir?: string;
  /** Download missing solc releases from npm (default true; never under Jest). */
  allowDownload?: boolean;
  /** Override JOB_TIMEOUT_MS. */
  jobTimeoutMs?: number;
  /** Override MAX_VERSIONS (MAX_TRIED becomes twice this). */
  maxVersions?: number;
  /** Try LATE_RUNS when nothing matched (default true). */
  lateRuns?: boolean;
  /**
   * For measurements: try every candidate release that fits the deployed code's hints (no cap) with
   * ATTEMPT_SETTINGS, never stopping at a match; the outcome is the first match in candidate order.
   */
  exhaustive?: boolean;
  /** Called at the end with counts (for measurements). */
  onFinish?(stats: {
    solcLoads: number;
    compiles: number;
    cacheHits: number;
    loadSeconds: number;
    compileSeconds: number;
  }): void;
  /** Called once per compile attempt (for measurements). */
  onAttempt?(
    address: string,
    version: string,
    settings: CompileSettings,
    from: 'cache' | 'solc',
    outcome: string,
  ): void;
}

export function defaultCompileCacheDir(): string {
  return process.env.COMPILE_CACHE_DIR || join(homedir(), '.cache', 'token-analysis', 'compiles');
}

// ---------------------------------------------------------------- pragmas

/** Removes comments (keeping strings intact) so that commented-out pragmas are not read. */
function stripComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      out += ' ';
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Every `pragma solidity <expr>;` expression of a source, outside comments. */
export function sourcePragmas(source: string): string[] {
  const found = [...stripComments(source).matchAll(/\bpragma\s+solidity\s+([^;]+);/g)].map((m) => m[1].trim());
  return [...new Set(found)];
}

/**
 * The candidate releases for a row: every pragma of a flattened file applies at once (a file holding
 * `^0.4.15` and `^0.4.18` needs >= 0.4.18), so the row's pragma and the file's other pragmas are
 * intersected; then releases whose code shape fits the deployed code move to the front.
 */
export function rowCandidates(row: Pick<SourceRow, 'pragma' | 'source' | 'code'>): string[] {
  const exprs = [...new Set([...(row.pragma ? [row.pragma] : []), ...sourcePragmas(row.source ?? '')])];
  const ranges = exprs.map(normalisePragma);
  let versions: string[] = [];
  if (exprs.length > 0 && ranges.every((r): r is string => r !== null && !r.includes('||'))) {
    versions = candidateVersions(ranges.join(' '));
  }
  if (versions.length === 0) versions = candidateVersions(row.pragma);
  return rankByCode(versions, row.code ?? '');
}

// ---------------------------------------------------------------- compile cache

/** Bump when CompileResult or the standard-JSON input changes, so that older entries are not read. */
const CACHE_FORMAT = 2;

function cacheKey(version: string, settings: CompileSettings, source: string): string {
  return createHash('sha256')
    .update(JSON.stringify([CACHE_FORMAT, version, settings.optimizer.enabled, settings.optimizer.runs]))
    .update('\0')
    .update(source)
    .digest('hex');
}

class CompileCache {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json.gz`);
  }

  get(key: string): CompileResult | undefined {
    const f = this.file(key);
    if (!existsSync(f)) return undefined;
    try {
      return JSON.parse(gunzipSync(readFileSync(f)).toString('utf8')) as CompileResult;
    } catch {
      return undefined;
    }
  }

  put(key: string, result: CompileResult): void {
    try {
      const f = this.file(key);
      mkdirSync(join(f, '..'), { recursive: true });
      const tmp = `${f}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(tmp, gzipSync(JSON.stringify(result)));
      renameSync(tmp, f);
    } catch {
      // a cache that cannot be written only costs time
    }
  }
}

// ---------------------------------------------------------------- worker pool

type JobOutcome = { ok: true; result: CompileResult } | { ok: false; reason: string };

interface Job {
  version: string;
  source: string;
  settings: CompileSettings;
  resolve(outcome: JobOutcome): void;
}

interface Slot {
  proc: ChildProcess;
  version: string;
  state: 'loading' | 'idle' | 'busy' | 'dead';
  job?: Job;
  jobId?: number;
  timer?: NodeJS.Timeout;
  stderr: string;
  since: number;
}

function workerEntry(): { file: string; execArgv: string[] } {
  const ext = extname(__filename);
  const file = join(__dirname, `compile-worker${ext}`);
  if (ext !== '.ts') return { file, execArgv: ['--no-warnings'] };
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  return { file, execArgv: ['--import', tsx, '--no-warnings'] };
}

/** Worker processes with release affinity: jobs queue per release; a worker serves one release. */
class SolcPool {
  private readonly queues = new Map<string, Job[]>();
  private readonly slots: Slot[] = [];
  private readonly failedVersions = new Map<string, string>();
  private nextId = 1;
  private pumpScheduled = false;
  private closed = false;
  readonly loads: string[] = [];
  /** Worker time spent loading compilers and compiling (for measurements). */
  loadMs = 0;
  compileMs = 0;

  constructor(
    private readonly size: number,
    private readonly load: LoadOptions,
    private readonly jobTimeoutMs: number,
  ) {}

  run(version: string, source: string, settings: CompileSettings): Promise<JobOutcome> {
    const failed = this.failedVersions.get(version);
    if (failed) return Promise.resolve({ ok: false, reason: failed });
    return new Promise((resolve) => {
      const q = this.queues.get(version) ?? [];
      q.push({ version, source, settings, resolve });
      this.queues.set(version, q);
      this.schedulePump();
    });
  }

  close(): void {
    this.closed = true;
    for (const slot of this.slots) this.kill(slot);
    this.slots.length = 0;
  }

  /**
   * Deferred to the next macrotask so that a finished job's follow-up (the same row's next setting
   * on the same release, queued from the job's promise continuation) lands in the queue before an
   * idle worker decides to switch release.
   */
  private schedulePump(): void {
    if (this.pumpScheduled || this.closed) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pending(version: string): number {
    return this.queues.get(version)?.length ?? 0;
  }

  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) if (slot.state === 'idle' && this.pending(slot.version) > 0) this.start(slot);
    for (;;) {
      const serving = new Map<string, number>();
      for (const s of this.slots) serving.set(s.version, (serving.get(s.version) ?? 0) + 1);
      let target: string | undefined;
      let bestScore = 0;
      for (const [version, q] of this.queues) {
        if (q.length === 0) continue;
        const n = serving.get(version) ?? 0;
        // an unserved release first (by queue length), else the most loaded one worth a second worker
        const score = n === 0 ? 1e9 + q.length : q.length / n >= SPLIT_MIN_PENDING ? q.length / n : 0;
        if (score > bestScore) {
          bestScore = score;
          target = version;
        }
      }
      if (!target) return;
      if (this.slots.length >= this.size) {
        const idle = this.slots.find((s) => s.state === 'idle' && this.pending(s.version) === 0);
        if (!idle) return;
        this.remove(idle);
      }
      this.spawn(target);
    }
  }

  private spawn(version: string): void {
    const { file, execArgv } = workerEntry();
    const proc = fork(file, [], { execArgv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const slot: Slot = { proc, version, state: 'loading', stderr: '', since: Date.now() };
    this.slots.push(slot);
    this.loads.push(version);
    proc.stderr?.on('data', (d: Buffer) => {
      slot.stderr = (slot.stderr + d.toString()).slice(-2000);
    });
    slot.timer = setTimeout(
      () => this.loadFailed(slot, `solc ${version} did not load within ${LOAD_TIMEOUT_MS / 1000} s`),
      LOAD_TIMEOUT_MS,
    );
    proc.on('message', (m: WorkerReply) => this.onMessage(slot, m));
    proc.on('exit', (code, signal) => this.onExit(slot, code, signal));
    proc.on('error', () => undefined); // 'exit' follows
    const msg: WorkerRequest = {
      type: 'load',
      version,
      solcCacheDir: this.load.cacheDir,
      allowDownload: this.load.allowDownload,
    };
    proc.send(msg);
  }

  private onMessage(slot: Slot, m: WorkerReply): void {
    if (slot.state === 'dead') return;
    if (m.type === 'ready') {
      clearTimeout(slot.timer);
      this.loadMs += Date.now() - slot.since;
      slot.state = 'idle';
      this.schedulePump();
    } else if (m.type === 'load-failed') {
      this.loadFailed(slot, m.reason);
    } else if (m.type === 'result' && slot.job && m.id === slot.jobId) {
      clearTimeout(slot.timer);
      const job = slot.job;
      this.compileMs += Date.now() - slot.since;
      slot.job = undefined;
      slot.state = 'idle';
      if (m.aborted) this.remove(slot);
      job.resolve({ ok: true, result: m.result });
      this.schedulePump();
    }
  }

  private loadFailed(slot: Slot, reason: string): void {
    if (slot.state === 'dead') return;
    this.failedVersions.set(slot.version, reason);
    const q = this.queues.get(slot.version) ?? [];
    this.queues.delete(slot.version);
    for (const job of q) job.resolve({ ok: false, reason });
    this.remove(slot);
    this.schedulePump();
  }

  private onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.state === 'dead') return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    const tail = slot.stderr.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
    if (slot.state === 'loading') {
      this.loadFailed(slot, `solc ${slot.version} worker exited while loading (${how})${tail ? `: ${tail}` : ''}`);
      return;
    }
    const job = slot.job;
    this.remove(slot);
    job?.resolve({ ok: false, reason: `solc ${slot.version} worker crashed (${how})${tail ? `: ${tail}` : ''}` });
    this.schedulePump();
  }

  private start(slot: Slot): void {
    const job = this.queues.get(slot.version)?.shift();
    if (!job) return;
    slot.state = 'busy';
    slot.since = Date.now();
    slot.job = job;
    slot.jobId = this.nextId++;
    slot.timer = setTimeout(() => {
      const j = slot.job;
      this.remove(slot);
      j?.resolve({ ok: false, reason: 'compile timed out' });
      this.schedulePump();
    }, this.jobTimeoutMs);
    const msg: WorkerRequest = { type: 'compile', id: slot.jobId, source: job.source, settings: job.settings };
    slot.proc.send(msg);
  }

  private kill(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.state = 'dead';
    slot.job = undefined;
    if (slot.proc.exitCode === null && slot.proc.signalCode === null) slot.proc.kill('SIGKILL');
  }

  private remove(slot: Slot): void {
    this.kill(slot);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }
}

// ---------------------------------------------------------------- rows

/**
 * ATTEMPT_SETTINGS in the order the deployed code suggests. Solc's constant optimizer writes the
 * address mask 2^160-1 as `PUSH1 1 PUSH1 0xa0 PUSH1 2 EXP SUB` (`600160a060020a03`; with SHL,
 * `600160a01b03`) where unoptimised code pushes 20 bytes of 0xff. Code with the 20-byte mask and
 * without the optimised one tries the optimizer off first; any other code keeps the default order.
 * On sources-dev this puts the setting that matched first for all 201 rows (117 of them flipped).
 */
export function settingsOrder(code: string): CompileSettings[] {
  const hex = code.toLowerCase();
  const optimised = hex.includes('600160a060020a03') || hex.includes('600160a01b03');
  const unoptimised = !optimised && hex.includes('73ffffffffffffffffffffffffffffffffffffffff');
  return unoptimised ? [...ATTEMPT_SETTINGS].reverse() : ATTEMPT_SETTINGS;
}

/**
 * Whether a compile error lies in the source (syntax or types this release does not accept), so that
 * other optimizer settings of the same release would fail alike; codegen errors (stack too deep,
 * internal errors) may depend on the optimizer.
 */
function isSourceError(message: string): boolean {
  if (/Stack too deep|InternalCompilerError|CompilerError|UnimplementedFeatureError|aborted/i.test(message))
    return false;
  return /(ParserError|DeclarationError|TypeError|SyntaxError|DocstringParsingError)|\.sol:\d+:\d+:/.test(message);
}

interface RowState {
  key: string;
  row: SourceRow;
  versions: string[];
  done: boolean;
  outcome?: CompileOutcome;
  best?: CompiledRow;
  firstError?: string;
  /** The first error a compiler gave on the source: it names the row's fault better than a build that could not load. */
  compilerError?: string;
  /** The first match in exhaustive mode. */
  matched?: CompiledRow;
  /** Releases whose compile succeeded, with the best similarity each reached (for LATE_RUNS). */
  compiledVersions: Map<string, number>;
}

function trimReason(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 200 ? `${one.slice(0, 197)}...` : one;
}

/** Picks, among a compile's contracts, the one matching `code` best; undefined when none has runtime code. */
export function bestContract(
  result: CompileResult,
  code: string,
  version: string,
  settings: CompileSettings,
): CompiledRow | undefined {
  let best: CompiledRow | undefined;
  const rank = (c: CompiledRow): number => (c.match === 'exact' ? 3 : c.match === 'no-metadata' ? 2 : c.similarity);
  const target = code.toLowerCase().replace(/^0x/, '');
  for (const c of result.contracts) {
    if (!c.bytecode || !c.deployedBytecode) continue;
    const cmp = compareCode(c.deployedBytecode, target, c.immutableReferences);
    const candidate: CompiledRow = {
      version,
      optimizer: { enabled: settings.optimizer.enabled, runs: settings.optimizer.runs },
      contract: c.name,
      abi: c.abi,
      bytecode: `0x${c.bytecode}` as Hex,
      deployedBytecode: `0x${c.deployedBytecode}` as Hex,
      match: typeof cmp === 'number' ? 'closest' : cmp,
      similarity: typeof cmp === 'number' ? cmp : 1,
    };
    if (!best || rank(candidate) > rank(best)) best = candidate;
    if (candidate.match === 'exact') break;
  }
  return best;
}

/**
 * Compiles every row and matches it against its deployed code. Keyed by lowercased address.
 */
export async function compileRows(
  rows: SourceRow[],
  opts: CompileRowsOptions = {},
): Promise<Map<string, CompileOutcome>> {
  const results = new Map<string, CompileOutcome>();
  const cache = new CompileCache(opts.cacheDir ?? defaultCompileCacheDir());
  const pool = new SolcPool(
    Math.max(1, opts.workers ?? 2),
    { cacheDir: opts.solcCacheDir, allowDownload: opts.allowDownload },
    opts.jobTimeoutMs ?? JOB_TIMEOUT_MS,
  );
  const maxVersions = opts.maxVersions ?? MAX_VERSIONS;
  const maxTried = opts.maxVersions ? 2 * opts.maxVersions : MAX_TRIED;
  const total = rows.length;
  let done = 0;
  const stats = { compiles: 0, cacheHits: 0 };

  const finish = (s: RowState, outcome: CompileOutcome): void => {
    if (s.done) return;
    s.done = true;
    s.outcome = outcome;
    results.set(s.key, outcome);
    done++;
    opts.onProgress?.(done, total);
  };

  const states: RowState[] = [];
  for (const row of rows) {
    const key = String(row.address ?? '').toLowerCase();
    const s: RowState = { key, row, versions: [], done: false, compiledVersions: new Map() };
    if (typeof row.source !== 'string' || row.source.trim() === '') {
      finish(s, { ok: false, failure: { step: 'compile', reason: 'row has no source' } });
      continue;
    }
    if (typeof row.code !== 'string' || row.code.replace(/^0x/, '') === '') {
      finish(s, { ok: false, failure: { step: 'compile', reason: 'row has no deployed code to match' } });
      continue;
    }
    s.versions = opts.exhaustive
      ? rowCandidates(row).filter(fitsCode(row.code))
      : rowCandidates(row).slice(0, maxTried);
    if (s.versions.length === 0) {
      const pragmas = [...new Set([...(row.pragma ? [row.pragma] : []), ...sourcePragmas(row.source)])];
      const named = pragmas.length > 0 ? pragmas.map((p) => `'${p}'`).join(' and ') : "'(none)'";
      finish(s, { ok: false, failure: { step: 'compile', reason: `no solc build satisfies pragma ${named}` } });
      continue;
    }
    states.push(s);
  }

  /** One attempt: from the cache, else from a worker; then matched. */
  const attempt = async (
    s: RowState,
    version: string,
    settings: CompileSettings,
  ): Promise<'done' | 'closest' | 'source-error' | 'failed'> => {
    if (s.done) return 'done';
    const key = cacheKey(version, settings, s.row.source);
    let result = cache.get(key);
    const from = result ? 'cache' : 'solc';
    if (!result) {
      stats.compiles++;
      const outcome = await pool.run(version, s.row.source, settings);
      if (!outcome.ok) {
        s.firstError ??= trimReason(outcome.reason);
        opts.onAttempt?.(s.key, version, settings, from, `failed: ${outcome.reason}`);
        return 'failed';
      }
      result = outcome.result;
      cache.put(key, result);
    } else stats.cacheHits++;
    if (result.errors.length > 0) {
      s.firstError ??= trimReason(result.errors[0]);
      s.compilerError ??= trimReason(result.errors[0]);
      opts.onAttempt?.(s.key, version, settings, from, `error: ${trimReason(result.errors[0])}`);
      return result.errors.some(isSourceError) ? 'source-error' : 'failed';
    }
    const best = bestContract(result, s.row.code, version, settings);
    opts.onAttempt?.(
      s.key,
      version,
      settings,
      from,
      best ? `${best.match} ${best.similarity.toFixed(3)}` : 'no contract',
    );
    if (!best) {
      s.firstError ??= 'the source has no contract with creation code';
      return 'source-error';
    }
    s.compiledVersions.set(version, Math.max(s.compiledVersions.get(version) ?? 0, best.similarity));
    if (best.match !== 'closest') {
      if (opts.exhaustive) {
        s.matched ??= best;
        return 'closest';
      }
      finish(s, { ok: true, compiled: best });
      return 'done';
    }
    if (!s.best || best.similarity > s.best.similarity) s.best = best;
    return 'closest';
  };

  /** A release's settings in turn; an error in the source (not the optimizer's doing) ends the release. */
  const tryVersion = async (s: RowState, version: string, settingsList: CompileSettings[]): Promise<void> => {
    for (const settings of settingsList) {
      const status = await attempt(s, version, settings);
      if (status === 'done' || status === 'source-error') return;
    }
  };

  try {
    const rounds = Math.max(0, ...states.map((s) => s.versions.length));
    for (let round = 0; round < rounds; round++) {
      const active = states.filter(
        (s) => !s.done && s.versions.length > round && (opts.exhaustive || s.compiledVersions.size < maxVersions),
      );
      await Promise.all(active.map((s) => tryVersion(s, s.versions[round], settingsOrder(s.row.code))));
    }
    if ((opts.lateRuns ?? true) && !opts.exhaustive) {
      // Late pass: other optimizer run counts on the releases that came closest.
      const lateSettings = LATE_RUNS.map((runs) => ({ optimizer: { enabled: true, runs } }));
      for (let round = 0; round < LATE_VERSIONS; round++) {
        const active = states.filter((s) => !s.done && s.compiledVersions.size > round);
        await Promise.all(
          active.map((s) => {
            const ranked = [...s.compiledVersions.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
            return tryVersion(s, ranked[round], lateSettings);
          }),
        );
      }
    }
  } finally {
    pool.close();
  }
  opts.onFinish?.({
    solcLoads: pool.loads.length,
    compiles: stats.compiles,
    cacheHits: stats.cacheHits,
    loadSeconds: pool.loadMs / 1000,
    compileSeconds: pool.compileMs / 1000,
  });

  for (const s of states) {
    if (s.done) continue;
    if (s.matched) finish(s, { ok: true, compiled: s.matched });
    else if (s.best) finish(s, { ok: true, compiled: s.best });
    else
      finish(s, {
        ok: false,
        failure: { step: 'compile', reason: s.compilerError ?? s.firstError ?? 'no compile was attempted' },
      });
  }
  return results;
}
