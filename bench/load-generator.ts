import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface LoadOptions {
  url: string;
  method: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  body: string;
}

export interface LoadResult {
  tool: string;
  duration: number;
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

const run = promisify(execFile);

/**
 * HTTP load from another process, so the generator never shares the server's event loop: autocannon
 * (the default, an npm dependency), or with BENCH_LOAD=wrk the C tool `wrk` (apt-get install wrk) on
 * one thread, which takes a fraction of autocannon's CPU on a machine the server shares.
 */
export function loadFromAnotherProcess(options: LoadOptions): Promise<LoadResult> {
  return process.env.BENCH_LOAD === 'wrk' ? wrk(options) : autocannon(options);
}

async function autocannon(options: LoadOptions): Promise<LoadResult> {
  const script = `require('autocannon')(${JSON.stringify(options)}, (err, result) => { if (err) throw err; process.stdout.write(JSON.stringify(result)); })`;
  const { stdout } = await run(process.execPath, ['-e', script], { maxBuffer: 64 * 1024 * 1024 });
  return { tool: 'autocannon', ...(JSON.parse(stdout) as Omit<LoadResult, 'tool'>) };
}

async function wrk(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'request.lua');
  // Non-2xx answers are counted by wrk itself ("Non-2xx or 3xx responses").
  writeFileSync(
    script,
    [
      `wrk.method = ${JSON.stringify(options.method)}`,
      `wrk.body = ${JSON.stringify(options.body)}`,
      ...Object.entries(options.headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
    ].join('\n'),
  );
  try {
    const { stdout } = await run('wrk', [
      '-t1',
      `-c${options.connections}`,
      `-d${options.duration}s`,
      '--latency',
      '-s',
      script,
      options.url,
    ]);
    return parseWrk(stdout, options.duration);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** wrk's text report: Requests/sec, the latency distribution, non-2xx and socket errors. */
export function parseWrk(text: string, duration: number): LoadResult {
  const number = (pattern: RegExp): number => Number(pattern.exec(text)?.[1] ?? 0);
  const ms = (percent: string): number => {
    const m = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(text);
    if (!m) return NaN;
    return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    tool: 'wrk',
    duration,
    requests: { average: number(/Requests\/sec:\s+([\d.]+)/) },
    latency: { p50: ms('50'), p99: ms('99') },
    non2xx: number(/Non-2xx or 3xx responses:\s+(\d+)/),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}
