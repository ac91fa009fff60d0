/**
 * Scan benchmark (issue 5 targets), run by hand:  npm run bench:scan
 *
 * Boots the real app in this process on a scratch database (BENCH_DATABASE_URL / DATABASE_URL, or the
 * embedded PostgreSQL) against the devnet (started or reused on BENCH_DEVNET_PORT, default 8547), and
 * measures, per devnet token:
 *  - cold full scans (cache_ttl 0) once the holder index is warm: median and p95 wall time through
 *    HTTP, and JSON-RPC HTTP requests per scan (a batch or a multicall is one request), per analyzer;
 *  - cached scans: median server-side time, and requests/s through HTTP with autocannon (or wrk with BENCH_LOAD=wrk), with an
 *    unlimited key and with a quota-counted one (BENCH_CACHED_ONLY=1: only these); with
 *    BENCH_API_PROCESSES=N also on the built service with N API processes sharing the port (their limits
 *    held by the primary, as `npm start` runs; in Redis with BENCH_REDIS_URL=redis://127.0.0.1:6379).
 * With `--rpc-latency-ms=N` (or BENCH_RPC_LATENCY_MS=N) it measures instead the sequential JSON-RPC round
 * trips of cold scans, through a proxy that delays each request by N ms (bench/scan-latency.ts).
 * With `--many-keys` (or BENCH_MANY_KEYS=1) it measures instead cached scans over many team keys against the
 * service started as `npm start` does, next to a bare `node:http` server (bench/many-keys.ts).
 * Prints a Markdown block for bench/RESULTS.md.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { cpus, machine, totalmem } from 'node:os';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { startDevnet, type DevnetHandle, type DevnetManifest, type TokenLabel, type VenueLabel } from '../devnet';
import { createApp } from '../src/app.factory';
import { ApiKeyService } from '../src/accounts/api-key.service';
import { CallRecorder } from '../src/accounts/call-log/call-recorder';
import { loadConfig } from '../src/config/app-config';
import { startEmbeddedPostgres } from '../src/prisma/embedded-postgres';
import { runMigrations } from '../src/prisma/migration-runner';
import { startApiCluster } from './api-cluster';
import { manyKeysReport } from './many-keys';
import { loadFromAnotherProcess, type LoadResult } from './load-generator';
import { startRpcLatencyProxy, type RpcLatencyProxy } from './rpc-latency-proxy';
import { latencyReport, rpcLatencyOption } from './scan-latency';
import { measure, median, p95, perAnalyzer, type RpcCounter } from './scan-measure';

// The spec's upstream buckets (8 simulations/s…) would refuse a benchmark's back-to-back cold scans.
const ROOMY_UPSTREAMS =
  'audit_provider=1000/1000,scanner_provider=1000/1000,market_data=1000/1000,social_data=1000/1000';
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TOKENS = (process.env.BENCH_TOKENS ?? 'clean,taxed,honeypot,proxy').split(',') as (TokenLabel | VenueLabel)[];

/** A world token or a venue token (V3 / Solidly only, e.g. BENCH_TOKENS=v3_only) by its label. */
const tokenAddress = (manifest: DevnetManifest, label: TokenLabel | VenueLabel): `0x${string}` =>
  (label in manifest.tokens ? manifest.tokens[label as TokenLabel] : manifest.venues.tokens[label as VenueLabel])
    .address;

/** Counts HTTP requests to the devnet: viem's http transport goes through global fetch. */
function countRpc(rpcUrl: string) {
  const original = globalThis.fetch;
  const counter = { requests: 0 };
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(rpcUrl)) counter.requests += 1;
    return original(input, init);
  };
  return counter;
}

async function scratchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const name = `bench_${Date.now()}`;
  const pg = server
    ? undefined
    : await startEmbeddedPostgres({ dataDir: '.data/bench', port: 54340, database: 'postgres' });
  const serverUrl = server ?? pg!.serverUrl;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  return {
    url: url.toString(),
    stop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      await pg?.stop();
    },
  };
}

type ScanReply = { data: { metadata: { analysis_time: string } } };

/** Full scans through HTTP on surface A; cache_ttl 0 makes a cold scan. */
function scanClient(base: string, apiKey: string) {
  return (address: string, cacheTtl: number): Promise<ScanReply> =>
    fetch(`${base}/api/v1/token/scan`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-API-Key': apiKey },
      body: JSON.stringify({ contract_address: address, cache_ttl: cacheTtl, include_metadata: true }),
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`scan ${r.status}: ${await r.text()}`);
      return r.json() as Promise<ScanReply>;
    });
}

interface Bench {
  devnet: DevnetHandle;
  devnetPort: number;
  databaseUrl: string;
  app: INestApplication;
  base: string;
  apiKey: string;
  admin: Client;
  counter: RpcCounter;
  proxy?: RpcLatencyProxy;
  scan: (address: string, cacheTtl: number) => Promise<ScanReply>;
  /** Closes the in-process app early (the cluster case: its idle work would take CPU from the processes measured). */
  closeApp: () => Promise<void>;
  stop: () => Promise<void>;
}

/** The app on a scratch database against the devnet, directly or through the latency proxy. */
async function boot(latencyMs: number | undefined): Promise<Bench> {
  const port = Number(process.env.BENCH_DEVNET_PORT ?? 8547);
  // fetch loads lazily; on a busy machine its first call can outlast the devnet's 1 s port probe.
  await fetch(`http://127.0.0.1:${port}`, { method: 'POST' }).catch(() => undefined);
  const devnet = await startDevnet({ port, dataDir: '.data' });
  const db = await scratchDatabase();
  const proxy =
    latencyMs === undefined ? undefined : await startRpcLatencyProxy({ upstreamUrl: devnet.rpcUrl, latencyMs: 0 });
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    ETH_RPC_URL: '',
    UPSTREAM_LIMITS: ROOMY_UPSTREAMS,
  }).with({ databaseUrl: db.url, devnetRpcUrl: proxy?.url ?? devnet.rpcUrl }); // chains eth and devnet
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const base = await app.getUrl();
  const counter: RpcCounter = proxy
    ? {
        get requests() {
          return proxy.stats().requests;
        },
      }
    : countRpc(devnet.rpcUrl);
  if (process.env.BENCH_NO_RECORD)
    (app.get(CallRecorder) as unknown as { record: () => void }).record = () => undefined;
  const { apiKey } = await app.get(ApiKeyService).issue({ plan: 'enterprise' });
  const admin = new Client({ connectionString: db.url });
  await admin.connect();
  await admin.query('UPDATE api_keys SET rate_limit_per_minute = 100000000');
  const scan = scanClient(base, apiKey);
  let appClosed = false;
  const closeApp = async () => {
    if (!appClosed) await app.close();
    appClosed = true;
  };
  const stop = async () => {
    await admin.end();
    await closeApp();
    await proxy?.close();
    await db.stop();
    await devnet.stop();
  };
  return {
    devnet,
    devnetPort: port,
    databaseUrl: db.url,
    app,
    base,
    apiKey,
    admin,
    counter,
    proxy,
    scan,
    closeApp,
    stop,
  };
}

async function main(): Promise<void> {
  const latencyMs = rpcLatencyOption();
  const bench = await boot(latencyMs);
  const machineLine = `Machine: ${machine()}, ${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; devnet (anvil) on loopback`;
  if (latencyMs !== undefined) {
    const tokens = TOKENS.map((label) => ({ label, address: tokenAddress(bench.devnet.manifest, label) }));
    const ctx = {
      app: bench.app,
      proxy: bench.proxy!,
      runs: RUNS,
      scan: (address: string) => bench.scan(address, 0),
      devnetCpuMs: processCpuMs(listenerPid(bench.devnetPort)),
    };
    const lines = await latencyReport(ctx, tokens, latencyMs);
    console.log(
      `\n## ${new Date().toISOString().slice(0, 10)} — scan benchmark, JSON-RPC latency +${latencyMs} ms per request\n`,
    );
    console.log(
      `${machineLine}, behind bench/rpc-latency-proxy.ts; per token ${RUNS} cold scans at +0 ms, then ${RUNS} at +${latencyMs} ms, after one warm-up; analyzers alone: median of 3.\n`,
    );
    console.log(lines.join('\n'));
  } else if (process.argv.includes('--many-keys') || process.env.BENCH_MANY_KEYS) {
    const label = TOKENS[0];
    await manyKeysReport(
      { ...bench, token: { label, address: tokenAddress(bench.devnet.manifest, label) } },
      machineLine,
    );
  } else {
    await fullReport(bench, machineLine);
  }
  await bench.stop();
}

/** The pid of the process listening on a loopback port (the devnet's anvil, started here or reused), via ss. */
function listenerPid(port: number): number | null {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}

/** CPU ms (user + system) a process has used, from /proc (Linux; clock ticks of 10 ms). */
function processCpuMs(pid: number | null): () => number | null {
  return () => {
    if (pid === null) return null;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return null;
    }
  };
}

async function fullReport(bench: Bench, machineLine: string): Promise<void> {
  // BENCH_CACHED_ONLY=1 skips the cold scans (quick runs of the throughput figures, or a profile of them).
  const lines = process.env.BENCH_CACHED_ONLY ? [] : await coldTable(bench);
  const { app, admin, base, counter, scan } = bench;
  const cached = tokenAddress(bench.devnet.manifest, TOKENS[0]);
  await scan(cached, 0);
  const cachedRuns = [];
  for (let i = 0; i < 200; i++) cachedRuns.push((await measure(counter, () => scan(cached, 3600))).ms);
  const cachedLoad = (key: string, on = base, seconds = Number(process.env.BENCH_SECONDS ?? 10)) =>
    loadFromAnotherProcess({
      url: `${on}/api/v1/token/scan`,
      method: 'POST',
      connections: 50,
      duration: seconds,
      headers: { 'Content-Type': 'application/json', 'X-Service-API-Key': key },
      body: JSON.stringify({ contract_address: cached, cache_ttl: 3600 }),
    });
  const load = await cachedLoad(bench.apiKey);

  // The same load with a key whose quota is counted: one atomic UPDATE per call.
  const counted = (await app.get(ApiKeyService).issue({ plan: 'team' })).apiKey;
  await admin.query('UPDATE api_keys SET rate_limit_per_minute = 100000000');
  const countedLoad = await cachedLoad(counted);

  // BENCH_API_PROCESSES=N: the same two loads on the built service with N API processes sharing its port.
  const processes = Number(process.env.BENCH_API_PROCESSES ?? 1);
  let clusterLines: string[] = [];
  if (processes > 1) {
    await bench.closeApp();
    const cluster = await startApiCluster({
      processes,
      databaseUrl: bench.databaseUrl,
      devnetPort: bench.devnetPort,
      dataDir: '.data',
      redisUrl: process.env.BENCH_REDIS_URL,
      env: { UPSTREAM_LIMITS: ROOMY_UPSTREAMS, ETH_RPC_URL: '' },
    });
    try {
      await cachedLoad(bench.apiKey, cluster.base, 3); // every process up and its code warm
      const clusterLoad = await cachedLoad(bench.apiKey, cluster.base);
      const clusterCounted = await cachedLoad(counted, cluster.base);
      clusterLines = [
        `With ${processes} API processes sharing the port (API_PROCESSES=${processes}, ${process.env.BENCH_REDIS_URL ? 'REDIS_URL set' : 'no REDIS_URL: limits in the primary'}; the built service, PROCESS_ROLE=api), unlimited key: ${describeLoad(clusterLoad)}.`,
        `Same, quota-counted key: ${describeLoad(clusterCounted)}.`,
      ];
    } finally {
      await cluster.stop();
    }
  }

  console.log(`\n## ${new Date().toISOString().slice(0, 10)} — scan benchmark\n`);
  console.log(`${machineLine}; ${RUNS} cold runs per token after one warm-up.\n`);
  console.log(lines.join('\n'));
  console.log(
    `\nCached scan (cache_ttl 3600), sequential through HTTP: median ${median(cachedRuns).toFixed(2)} ms, p95 ${p95(cachedRuns).toFixed(2)} ms (200 runs).`,
  );
  console.log(
    `Cached scan under load (${load.tool} in another process, 50 connections, ${load.duration} s), unlimited key: ${describeLoad(load)}.`,
  );
  console.log(`Same, with a quota-counted (team) key: ${describeLoad(countedLoad)}.`);
  for (const line of clusterLines) console.log(line);
}

/** Garbage collection pauses of this process so far, ms. */
let gcPauseMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauseMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

/**
 * Cold full scans (cache_ttl 0) per token: wall time, server time, requests, each analyzer's requests, and
 * where a scan's time goes (means: this process's main thread busy and waiting, its GC pauses and CPU on all
 * threads, the devnet's CPU). BENCH_CPU_PROFILE=<path prefix> writes a CPU profile of each token's cold scans
 * (after its warm-up) to <prefix>-<token>.cpuprofile.
 */
async function coldTable({ app, counter, devnet, devnetPort, scan }: Bench): Promise<string[]> {
  const devnetCpuMs = processCpuMs(listenerPid(devnetPort));
  const profilePrefix = process.env.BENCH_CPU_PROFILE;
  const lines: string[] = [];
  const time: string[] = [
    '| token | main thread busy ms | of which GC pauses | main thread waiting ms | this process CPU ms (all threads) | devnet (anvil) CPU ms |',
    '|---|---|---|---|---|---|',
  ];
  lines.push(
    `| token | cold median ms | cold p95 ms | server analysis median ms | RPC requests/scan | token info | contract | simulation | market | holders (warm) | wash trading | snipers |`,
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const label of TOKENS) {
    const token = { address: tokenAddress(devnet.manifest, label) };
    await scan(token.address, 0); // warms the holder index and the simulator's compile
    const session = profilePrefix ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const runs = [];
    const spent = { busy: 0, idle: 0, gc: 0, cpu: 0, devnet: 0 };
    for (let i = 0; i < RUNS; i++) {
      const [gcBefore, devnetBefore, cpuBefore] = [gcPauseMs, devnetCpuMs(), process.cpuUsage()];
      const loopBefore = performance.eventLoopUtilization();
      runs.push(await measure(counter, () => scan(token.address, 0)));
      const loop = performance.eventLoopUtilization(loopBefore);
      const cpu = process.cpuUsage(cpuBefore);
      spent.busy += loop.active;
      spent.idle += loop.idle;
      spent.gc += gcPauseMs - gcBefore;
      spent.cpu += (cpu.user + cpu.system) / 1000;
      spent.devnet += (devnetCpuMs() ?? NaN) - (devnetBefore ?? NaN);
    }
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${profilePrefix}-${label}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
    }
    const server = runs.map((r) => Number(r.value.data.metadata.analysis_time.replace('s', '')) * 1000);
    const per = (await perAnalyzer(app, counter, token.address)).map((m) => m.rpc);
    lines.push(
      `| ${label} | ${median(runs.map((r) => r.ms)).toFixed(0)} | ${p95(runs.map((r) => r.ms)).toFixed(0)} | ${median(server).toFixed(0)} | ${median(runs.map((r) => r.rpc))} | ${per.join(' | ')} |`,
    );
    const mean = (ms: number) => (ms / RUNS).toFixed(0);
    time.push(
      `| ${label} | ${mean(spent.busy)} | ${mean(spent.gc)} | ${mean(spent.idle)} | ${mean(spent.cpu)} | ${mean(spent.devnet)} |`,
    );
  }
  return [
    ...lines,
    '',
    "Where a cold scan's time goes (means; the main thread runs the service and the HTTP client):",
    '',
    ...time,
  ];
}

const describeLoad = (l: LoadResult) =>
  `${l.requests.average.toFixed(0)} req/s average (${l.tool}), latency p50 ${l.latency.p50} ms, p99 ${l.latency.p99} ms, non-2xx ${l.non2xx}, errors ${l.errors}`;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
