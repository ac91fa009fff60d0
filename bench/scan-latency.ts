/**
 * The scan benchmark's latency mode (`--rpc-latency-ms=N` or BENCH_RPC_LATENCY_MS=N): the app's chain
 * goes through bench/rpc-latency-proxy.ts, and each token's cold scans run first with no added delay,
 * then with N ms per JSON-RPC HTTP request. Sequential round trips are estimated three ways:
 *  - added delay / N: the proxy's union of delay windows (requests sent together count once); neither
 *    CPU time nor the devnet's answer time is in it, so it holds on a loaded machine;
 *  - wall time / N: an upper bound (CPU work counts as round trips too);
 *  - (wall time − wall time at +0 ms) / N: right on a quiet machine, noisy on a busy one;
 *  - chain depth: the longest chain of requests each sent after the previous one was answered, an upper
 *    bound that neither the requests of one round leaving a few ms apart nor the machine's load lowers.
 */
import { performance, PerformanceObserver } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import type { RpcLatencyProxy } from './rpc-latency-proxy';
import { ANALYZERS, median, perAnalyzer, type Measured, type RpcCounter } from './scan-measure';

/** Added latency in ms, from `--rpc-latency-ms=N` (wins) or BENCH_RPC_LATENCY_MS; undefined = off. */
export function rpcLatencyOption(argv = process.argv, env = process.env): number | undefined {
  const raw = argv.find((a) => a.startsWith('--rpc-latency-ms='))?.split('=')[1] ?? env.BENCH_RPC_LATENCY_MS;
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms < 0)
    throw new Error(`--rpc-latency-ms / BENCH_RPC_LATENCY_MS: not a number of ms: ${raw}`);
  return ms;
}

interface LatencyContext {
  app: INestApplication;
  proxy: RpcLatencyProxy;
  runs: number;
  /** One cold scan (cache_ttl 0) through HTTP. */
  scan: (address: string) => Promise<unknown>;
  /** CPU ms the devnet's process has used so far (null when it cannot be read). */
  devnetCpuMs: () => number | null;
}

interface ScanSample {
  ms: number;
  /** CPU ms of this process over the scan: the service, the latency proxy and the HTTP client. */
  cpuMs: number;
  /** CPU ms of the devnet (anvil) over the scan; NaN when unknown. */
  devnetCpuMs: number;
  /** Garbage collection pauses of this process over the scan, ms. */
  gcMs: number;
  /** The main thread's event loop over the scan: busy (running JavaScript, GC) and idle (waiting), ms. */
  busyMs: number;
  idleMs: number;
  requests: number;
  calls: number;
  delayedMs: number;
  depth: number;
}

/** Garbage collection pauses of this process so far, ms. */
let gcPauseMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauseMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

async function coldScans(ctx: LatencyContext, address: string): Promise<ScanSample[]> {
  const samples: ScanSample[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const gcBefore = gcPauseMs;
    ctx.proxy.resetDepth();
    const before = ctx.proxy.stats();
    const devnetBefore = ctx.devnetCpuMs();
    const cpuBefore = process.cpuUsage();
    const loopBefore = performance.eventLoopUtilization();
    const started = performance.now();
    await ctx.scan(address);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const loop = performance.eventLoopUtilization(loopBefore);
    const devnetAfter = ctx.devnetCpuMs();
    const after = ctx.proxy.stats();
    samples.push({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      devnetCpuMs: devnetBefore === null || devnetAfter === null ? NaN : devnetAfter - devnetBefore,
      gcMs: gcPauseMs - gcBefore,
      busyMs: loop.active,
      idleMs: loop.idle,
      requests: after.requests - before.requests,
      calls: after.calls - before.calls,
      delayedMs: after.delayedMs - before.delayedMs,
      depth: after.depth,
    });
  }
  return samples;
}

/** Median requests and added delay of each analyzer alone, over 3 runs. */
async function analyzers(ctx: LatencyContext, address: `0x${string}`): Promise<{ rpc: number; delayedMs: number }[]> {
  const { proxy } = ctx;
  const counter: RpcCounter = {
    get requests() {
      return proxy.stats().requests;
    },
    get delayedMs() {
      return proxy.stats().delayedMs;
    },
  };
  const runs: Measured[][] = [];
  for (let i = 0; i < 3; i++) runs.push(await perAnalyzer(ctx.app, counter, address));
  return ANALYZERS.map((_, k) => ({
    rpc: median(runs.map((r) => r[k].rpc)),
    delayedMs: median(runs.map((r) => r[k].delayedMs)),
  }));
}

/** Markdown tables of the latency mode: cold scans per token, then each analyzer alone. */
export async function latencyReport(
  ctx: LatencyContext,
  tokens: { label: string; address: `0x${string}` }[],
  latencyMs: number,
): Promise<string[]> {
  const trips = (ms: number) => (latencyMs > 0 ? (ms / latencyMs).toFixed(1) : '—');
  const N = `+${latencyMs} ms`;
  const scans = [
    `| token | cold median ms, +0 ms | cold median ms, ${N} | HTTP requests/scan | JSON-RPC calls/scan | round trips ≈ added delay / ${latencyMs} | ≈ wall / ${latencyMs} | ≈ (wall − wall at +0) / ${latencyMs} | chain depth (max) |`,
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const time = [
    '| token (+0 ms) | cold median ms | main thread busy ms (service, proxy, client; mean) | of which GC pauses | main thread waiting ms | this process CPU ms (all threads) | devnet (anvil) CPU ms |',
    '|---|---|---|---|---|---|---|',
  ];
  const alone = [
    `| token (${N}; requests, round trips) | ${ANALYZERS.join(' | ')} |`,
    `|---|${ANALYZERS.map(() => '---|').join('')}`,
  ];
  for (const { label, address } of tokens) {
    ctx.proxy.latencyMs = 0;
    await ctx.scan(address); // warms the holder index and the simulator's compile
    const base = await coldScans(ctx, address);
    ctx.proxy.latencyMs = latencyMs;
    const slow = await coldScans(ctx, address);
    const [wall0, wall] = [median(base.map((s) => s.ms)), median(slow.map((s) => s.ms))];
    const m = (key: keyof ScanSample) => median(slow.map((s) => s[key]));
    const mean = (key: keyof ScanSample) => base.reduce((sum, s) => sum + s[key], 0) / base.length;
    time.push(
      `| ${label} | ${wall0.toFixed(0)} | ${mean('busyMs').toFixed(0)} | ${mean('gcMs').toFixed(0)} | ${mean('idleMs').toFixed(0)} | ${mean('cpuMs').toFixed(0)} | ${mean('devnetCpuMs').toFixed(0)} |`,
    );
    scans.push(
      `| ${label} | ${wall0.toFixed(0)} | ${wall.toFixed(0)} | ${m('requests')} | ${m('calls')} | ${trips(m('delayedMs'))} | ${trips(wall)} | ${trips(wall - wall0)} | ${Math.max(...slow.map((s) => s.depth))} |`,
    );
    alone.push(
      `| ${label} | ${(await analyzers(ctx, address)).map((a) => `${a.rpc}, ${trips(a.delayedMs)}`).join(' | ')} |`,
    );
  }
  return [
    ...scans,
    '',
    'Where the time of a cold scan at +0 ms goes (means; the main thread runs the service, the latency proxy and the HTTP client; anvil runs beside it):',
    '',
    ...time,
    '',
    'Each analyzer alone:',
    '',
    ...alone,
  ];
}
