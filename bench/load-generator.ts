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
  /** One header whose value turns over the list, one value per request (e.g. many API keys). */
  rotate?: { header: string; values: string[] };
}

export interface LoadResult {
  tool: string;
  duration: number;
  /** `total`: the answers received (a request still in flight when the load stopped is not in it). */
  requests: { average: number; total: number };
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
  const { rotate, ...rest } = options;
  // autocannon's setupRequest runs before each request: it sets the rotating header's next value.
  const setup = rotate
    ? `let i = 0; const v = ${JSON.stringify(rotate.values)}; o.requests = [{ setupRequest: (r) => ({ ...r, headers: { ...r.headers, ${JSON.stringify(rotate.header)}: v[i++ % v.length] } }) }];`
    : '';
  const script = `const o = ${JSON.stringify(rest)}; ${setup} require('autocannon')(o, (err, result) => { if (err) throw err; process.stdout.write(JSON.stringify(result)); })`;
  const { stdout } = await run(process.execPath, ['-e', script], { maxBuffer: 64 * 1024 * 1024 });
  return { tool: 'autocannon', ...(JSON.parse(stdout) as Omit<LoadResult, 'tool'>) };
}

async function wrk(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'request.lua');
  // Non-2xx answers are counted by wrk itself ("Non-2xx or 3xx responses").
  writeFileSync(script, wrkScript(options));
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

/**
 * wrk's Lua script for `options`: method, body and headers; with `rotate`, every request of the list
 * formatted once at the thread's start (`init`) and `request` handing them out in turn, so each
 * connection's next request carries the next value (no per-request formatting on the load's side).
 */
export function wrkScript(options: Pick<LoadOptions, 'method' | 'body' | 'headers' | 'rotate'>): string {
  // A JSON string is a valid Lua string literal for the ASCII we send.
  const lua = (text: string): string => JSON.stringify(text);
  const lines = [
    `wrk.method = ${lua(options.method)}`,
    `wrk.body = ${lua(options.body)}`,
    ...Object.entries(options.headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
  ];
  if (options.rotate) {
    lines.push(
      `local values = { ${options.rotate.values.map(lua).join(', ')} }`,
      'local requests = {}',
      'local n = 0',
      'function init(args)',
      '  for i, v in ipairs(values) do',
      `    wrk.headers[${lua(options.rotate.header)}] = v`,
      '    requests[i] = wrk.format()',
      '  end',
      'end',
      'function request()',
      '  n = n % #requests + 1',
      '  return requests[n]',
      'end',
    );
  }
  return lines.join('\n') + '\n';
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
    requests: { average: number(/Requests\/sec:\s+([\d.]+)/), total: number(/^\s*(\d+) requests in /m) },
    latency: { p50: ms('50'), p99: ms('99') },
    non2xx: number(/Non-2xx or 3xx responses:\s+(\d+)/),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}
