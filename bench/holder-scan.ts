/**
 * The holder benchmark's scan case:  npm run bench:holders -- --scan   (or BENCH_SCAN=1)
 *
 * A devnet of the project (BENCH_DEVNET_PORT, default 8597, data in ./.data, not persisted) gets a
 * StormToken (bench/transfer-storm.ts) with BENCH_EVENTS (default 2,000,000) Transfer events among
 * BENCH_HOLDERS (default 200,000) addresses, BENCH_PER_BLOCK (default 100) per block, over ten days of
 * chain time from now (so the chain runs ahead of the wall clock: the service takes
 * time from the chain head). Then the real app (workers in process, SCAN_DEADLINE_MS as configured,
 * 2,500 ms by default) on a scratch database answers, through HTTP:
 *  - the first (cold) full scan, cache_ttl 0: its wall time, the sections answered and those pending;
 *  - the pending job, followed until done: when it finished, and the holder index's own figures;
 *  - a second scan, cache_ttl 3600: from the cache, holders included.
 * Prints a Markdown block for bench/RESULTS.md.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import type { Address, Hex } from 'viem';
import { startDevnet } from '../devnet';
import { ApiKeyService } from '../src/accounts/api-key.service';
import { HolderIndexer } from '../src/analysis/holders/holder.indexer';
import type { IndexOutcome } from '../src/analysis/holders/holders.types';
import { createApp } from '../src/app.factory';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { scratchDatabase } from './scratch-database';
import { generateStorm, rpc } from './transfer-storm';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000_000);
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 200_000);
/**
 * As the throughput case. Dense blocks make a history anvil cannot serve: its eth_getLogs has no cap,
 * so the index's first 2,000-block window of 2,000-event blocks (4 M logs) outlasts RPC_TIMEOUT_MS,
 * which, unlike a provider's refusal, fails the scan instead of narrowing the window.
 */
const PER_BLOCK = Number(process.env.BENCH_PER_BLOCK ?? 100);
const DEVNET_PORT = Number(process.env.BENCH_DEVNET_PORT ?? 8597);
const HISTORY_SECONDS = 10 * 24 * 3600;
const POLL_MS = 500;
const JOB_TIMEOUT_MS = 30 * 60_000;

export function scanCaseWanted(argv = process.argv, env = process.env): boolean {
  return argv.includes('--scan') || env.BENCH_SCAN === '1';
}

interface History {
  token: Address;
  blocks: number;
  seconds: number;
}

interface ScanAnswer {
  ms: number;
  status: number;
  data: {
    analysis: Record<string, unknown> & { holder_analysis?: { total_holders: number } };
    pending?: { sections: string[]; job_id: string; status_url: string };
    incomplete_sections?: { section: string; reason: string }[];
    metadata?: { cache_status: string; analysis_time: string };
  };
}

interface JobAnswer {
  status: 'queued' | 'running' | 'done' | 'failed';
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The synchronous call's error, in surface A's envelope. */
  error?: unknown;
  result?: { data: ScanAnswer['data'] };
}

/** The holder index's runs in the app, timed from each call (concurrent callers share one run). */
interface IndexRun {
  ms: number;
  outcome: IndexOutcome;
}

export async function holderScanCase(): Promise<void> {
  const load = loadavg();
  const devnet = await startDevnet({ port: DEVNET_PORT, dataDir: '.data', log: (m) => console.log(m) });
  try {
    // Its chain gets millions of events: never someone else's devnet.
    if (devnet.reused)
      throw new Error(`a devnet already runs on port ${DEVNET_PORT}; pick a free one with BENCH_DEVNET_PORT`);
    const history = await seedHistory(devnet.rpcUrl);
    console.log(
      `history: ${EVENTS} Transfer events among ${HOLDERS} addresses in ${history.blocks} blocks, generated in ${history.seconds.toFixed(1)} s`,
    );
    const db = await scratchDatabase('bench_holder_scan');
    try {
      await measure({ history, rpcUrl: devnet.rpcUrl, dbUrl: db.url, load });
    } finally {
      await db.drop();
    }
  } finally {
    await devnet.stop();
  }
}

/** Mines the token's history after the devnet's head, automine off while it is written. */
async function seedHistory(url: string): Promise<History> {
  const [from] = await rpc<Address[]>(url, 'eth_accounts');
  const head = await rpc<{ timestamp: Hex }>(url, 'eth_getBlockByNumber', ['latest', false]);
  const started = performance.now();
  await rpc(url, 'evm_setAutomine', [false]);
  // A loaded devnet stamps its next block no earlier than the wall clock.
  const start = Math.max(Number(head.timestamp), Math.floor(Date.now() / 1000)) + 1;
  const plan = {
    url,
    from,
    events: EVENTS,
    holders: HOLDERS,
    perBlock: PER_BLOCK,
    start,
    spanSeconds: HISTORY_SECONDS,
  };
  const { token, blocks } = await generateStorm(plan);
  await rpc(url, 'evm_setAutomine', [true]);
  return { token, blocks, seconds: (performance.now() - started) / 1000 };
}

async function measure(p: { history: History; rpcUrl: string; dbUrl: string; load: number[] }): Promise<void> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    ETH_RPC_URL: '',
    PROCESS_ROLE: 'all',
  }).with({ databaseUrl: p.dbUrl, devnetRpcUrl: p.rpcUrl });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  try {
    const runs = timeIndexRuns(app.get(HolderIndexer));
    const client = await apiClient(app);
    const first = await client.scan(p.history.token, 0);
    console.log(
      `first scan: ${first.status} in ${first.ms.toFixed(0)} ms, pending ${first.data.pending?.sections.join(', ') ?? 'none'}`,
    );
    const job = first.data.pending ? await client.follow(first.data.pending.status_url) : undefined;
    const second = await client.scan(p.history.token, 3600);
    const transfers = await indexedTransfers(p.dbUrl, p.history.token);
    const deadlineMs = app.get(AppConfig).jobs.scanDeadlineMs;
    console.log(
      resultsBlock({ history: p.history, load: p.load, deadlineMs, first, job, runs, second, transfers }).join('\n'),
    );
    if (transfers !== EVENTS || first.status !== 200 || job?.body.status === 'failed') process.exitCode = 1;
  } finally {
    await app.close();
  }
}

/** Wraps the app's indexer to keep each call's time and outcome (the index's own counters). */
function timeIndexRuns(indexer: HolderIndexer): IndexRun[] {
  const runs: IndexRun[] = [];
  const indexToLatest = indexer.indexToLatest.bind(indexer);
  indexer.indexToLatest = (request) => {
    const started = performance.now();
    return indexToLatest(request).then((outcome) => {
      runs.push({ ms: performance.now() - started, outcome });
      return outcome;
    });
  };
  return runs;
}

/** A key of the app and surface A's scan and job status, through HTTP. */
async function apiClient(app: INestApplication) {
  const base = await app.getUrl();
  const { apiKey } = await app.get(ApiKeyService).issue({ plan: 'enterprise' });
  const headers = { 'Content-Type': 'application/json', 'X-Service-API-Key': apiKey };
  const scan = async (token: Address, cacheTtl: number): Promise<ScanAnswer> => {
    const started = performance.now();
    const body = JSON.stringify({ contract_address: token, cache_ttl: cacheTtl, include_metadata: true });
    const res = await fetch(`${base}/api/v1/token/scan`, { method: 'POST', headers, body });
    const json = (await res.json()) as { data: ScanAnswer['data'] };
    if (res.status !== 200) throw new Error(`scan ${res.status}: ${JSON.stringify(json)}`);
    return { ms: performance.now() - started, status: res.status, data: json.data };
  };
  /** Polls the job until it is finished; `ms` from the call. */
  const follow = async (statusUrl: string): Promise<{ ms: number; body: JobAnswer }> => {
    const started = performance.now();
    while (performance.now() - started < JOB_TIMEOUT_MS) {
      const body = (await (await fetch(`${base}${statusUrl}`, { headers })).json()) as JobAnswer;
      if (body.status === 'done' || body.status === 'failed') return { ms: performance.now() - started, body };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`job ${statusUrl} not finished after ${JOB_TIMEOUT_MS / 60_000} min`);
  };
  return { scan, follow };
}

async function indexedTransfers(dbUrl: string, token: Address): Promise<number> {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      'SELECT transfer_count::text AS n FROM holder_checkpoints WHERE token = $1',
      [token.toLowerCase()],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.end();
  }
}

function resultsBlock(r: {
  history: History;
  load: number[];
  deadlineMs: number;
  first: ScanAnswer;
  job?: { ms: number; body: JobAnswer };
  runs: IndexRun[];
  second: ScanAnswer;
  transfers: number;
}): string[] {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const cold = r.runs.find((run) => run.outcome.transfersApplied > 0);
  const pending = r.first.data.pending;
  const jobSpan = r.job?.body.finished_at
    ? (Date.parse(r.job.body.finished_at) - Date.parse(r.job.body.created_at)) / 1000
    : undefined;
  const holders = (a: ScanAnswer['data']) => {
    if (a.analysis.holder_analysis)
      return `holder_analysis there (${n(a.analysis.holder_analysis.total_holders)} holders)`;
    const why =
      a.incomplete_sections?.find((s) => s.section === 'holder_analysis')?.reason ??
      (a.pending?.sections.includes('holder_analysis') ? 'pending' : 'absent');
    return `holder_analysis MISSING (${why})`;
  };
  return [
    `\n## ${new Date().toISOString().slice(0, 10)} — holder scan benchmark, ${n(EVENTS)} transfers\n`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${r.load.map((l) => l.toFixed(2)).join(', ')} at the start.`,
    `Command: \`BENCH_EVENTS=${EVENTS} BENCH_HOLDERS=${HOLDERS} BENCH_PER_BLOCK=${PER_BLOCK} npm run bench:holders -- --scan\`.\n`,
    `- History: ${n(EVENTS)} Transfer events among ${n(HOLDERS)} addresses in ${n(r.history.blocks)} blocks over 10 days of chain time, generated in ${r.history.seconds.toFixed(0)} s.`,
    `- First (cold) scan, cache_ttl 0, deadline ${n(r.deadlineMs)} ms: **${n(r.first.ms)} ms** wall (HTTP ${r.first.status}, analysis_time ${r.first.data.metadata?.analysis_time ?? '?'}); answered: ${Object.keys(r.first.data.analysis).join(', ') || 'none'}; ` +
      `pending: ${pending ? `${pending.sections.join(', ')}, job ${pending.status_url}` : 'none'}${r.first.data.incomplete_sections ? `; incomplete: ${r.first.data.incomplete_sections.map((s) => s.section).join(', ')}` : ''}.`,
    cold
      ? `- Holder index (its own counters): ${n(cold.outcome.transfersApplied)} events in **${(cold.ms / 1000).toFixed(1)} s = ${n((cold.outcome.transfersApplied / cold.ms) * 1000)} events/s**, ${n(cold.outcome.getLogsRequests)} eth_getLogs; checkpoint transfer_count ${n(r.transfers)} (${r.transfers === EVENTS ? 'exact' : 'NOT exact'}).`
      : `- Holder index: no run applied transfers (checkpoint transfer_count ${n(r.transfers)}).`,
    r.job
      ? `- Job: ${r.job.body.status} ${(r.job.ms / 1000).toFixed(1)} s after the first scan answered${jobSpan === undefined ? '' : ` (${jobSpan.toFixed(1)} s from its creation to its finish)`}; its result: ${r.job.body.result ? holders(r.job.body.result.data) : `none (${JSON.stringify(r.job.body.error)})`}.`
      : '- Job: none (nothing was pending).',
    `- Second scan, cache_ttl 3600: ${n(r.second.ms)} ms, ${r.second.data.metadata?.cache_status ?? '?'}, ${holders(r.second.data)}.`,
  ];
}
