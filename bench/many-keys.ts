/**
 * The many-keys mode of bench:scan (issue 32, item 6), `npm run bench:scan -- --many-keys` or BENCH_MANY_KEYS=1:
 * cached scans of one devnet token by 50 connections spread over BENCH_KEYS (default 26) quota-counted team
 * keys, against the service started as the README's `npm start` does (`npm run build`, then
 * `node dist/src/main.js` with no tuning: API_PROCESSES, LOG_LEVEL, REDIS_URL… at their defaults), and, in the
 * same run and with the same load, a bare `node:http` server sending the same JSON (one process, then one per
 * core through node:cluster). Checks afterwards from the database that the quota taken equals the 2xx answers (quotaCheck).
 * BENCH_VARIANTS compares settings in the same minutes (serviceVariants), BENCH_ROUNDS times; BENCH_NODE_ARGS
 * passes flags to the service's node (a CPU profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`); a variant's
 * BENCH_SERVICE_ROOT=<checkout> runs the service built there instead (two commits in the same minutes).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { Client } from 'pg';
import { ApiKeyService } from '../src/accounts/api-key.service';
import { freePort, untilAnswers } from './api-cluster';
import { loadFromAnotherProcess, type LoadResult } from './load-generator';

export interface ManyKeysContext {
  /** The bench's in-process app: it issues the keys, then is closed before anything is measured. */
  app: INestApplication;
  closeApp: () => Promise<void>;
  admin: Client;
  databaseUrl: string;
  devnetPort: number;
  /** The token whose cached report is asked for. */
  token: { label: string; address: string };
}

const CONNECTIONS = 50;
const KEY_HEADER = 'X-Service-API-Key';
/** The repository root (this file runs as dist/bench/many-keys.js). */
const ROOT = resolve(__dirname, '../..');

/** A child process and a way to stop it (SIGTERM, then its exit awaited). */
interface Child {
  base: string;
  stop: () => Promise<void>;
}

async function startChild(
  script: string,
  env: NodeJS.ProcessEnv,
  path: string,
  what: string,
  out: number | 'inherit',
  cwd = ROOT,
) {
  const port = await freePort();
  // BENCH_NODE_ARGS: flags for the measured processes' node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, script], {
    cwd,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', out, 'inherit'],
  });
  const exited = once(child, 'exit');
  const base = `http://127.0.0.1:${port}`;
  try {
    await untilAnswers(child, `${base}${path}`, what);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  } satisfies Child;
}

/** The service as `npm start` runs it after its build: only where it listens, its database and the devnet to reuse. */
function startService(
  databaseUrl: string,
  devnetPort: number,
  logFile: string,
  extra: Record<string, string>,
): Promise<Child> {
  const log = openSync(logFile, 'w');
  // BENCH_SERVICE_ROOT in a variant: the service built in another checkout (another commit, in the same minutes).
  const { BENCH_SERVICE_ROOT: root = ROOT, ...settings } = extra;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    DEVNET_PORT: String(devnetPort),
    ...settings,
  };
  return startChild(join(root, 'dist/src/main.js'), env, '/health', 'the service', log, root).finally(() =>
    closeSync(log),
  );
}

function startBare(bodyFile: string, processes: number): Promise<Child> {
  const env = { PATH: process.env.PATH, BARE_BODY_FILE: bodyFile, BARE_PROCESSES: String(processes) };
  return startChild(join(__dirname, 'bare-json-server.js'), env, '/', 'the bare node:http server', 'inherit');
}

const sumQuota = async (admin: Client, ids: string[]): Promise<number> =>
  Number(
    (await admin.query<{ sum: string }>('SELECT sum(quota_remaining) FROM api_keys WHERE id = ANY($1::uuid[])', [ids]))
      .rows[0].sum,
  );

/** The 2xx calls the service recorded for `ids` since `since`, once the recorder's batches have settled. */
async function recordedOk(admin: Client, ids: string[], since: Date): Promise<number> {
  let last = -1;
  for (let tries = 0; tries < 50; tries++) {
    const { rows } = await admin.query<{ count: string }>(
      'SELECT count(*) FROM api_calls WHERE key_id = ANY($1::uuid[]) AND created_at >= $2 AND status BETWEEN 200 AND 299',
      [ids, since],
    );
    const count = Number(rows[0].count);
    if (count === last) return count;
    last = count;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  return last;
}

const describeLoad = (l: LoadResult) =>
  `${l.requests.average.toFixed(0)} req/s (${l.requests.total} answers in ${l.duration} s), latency p50 ${l.latency.p50} ms, p99 ${l.latency.p99} ms, non-2xx ${l.non2xx}, errors ${l.errors}`;

/**
 * The quota taken during the load against the 2xx answers. The load stops with up to one call in flight per
 * connection: the service took its quota, but the load never counts its answer, and the service records it
 * in its call log only if the answer was written before the connection closed. So, exactly when nothing
 * was in flight and within that bound otherwise: counted ≤ recorded ≤ charged ≤ counted + connections.
 */
export function quotaCheck(q: { charged: number; recorded: number; counted: number; connections: number }): {
  ok: boolean;
  line: string;
} {
  const inFlight = q.charged - q.counted;
  const ok = q.counted <= q.recorded && q.recorded <= q.charged && inFlight <= q.connections;
  const figures = `quota taken ${q.charged}, 2xx answers counted by the load ${q.counted}, 2xx calls in the service's call log ${q.recorded}`;
  return ok
    ? {
        ok,
        line: `${figures}: equal but for the ${inFlight} call(s) in flight when the load stopped (at most one per connection: charged, not counted by the load) ✓`,
      }
    : { ok, line: `**mismatch**: ${figures} (expected counted ≤ call log ≤ taken ≤ counted + ${q.connections})` };
}

interface ServiceVariant {
  label: string;
  env: Record<string, string>;
}

interface VariantRun {
  variant: ServiceVariant;
  load: LoadResult;
  quota: ReturnType<typeof quotaCheck>;
  logMiB: number;
}

/**
 * BENCH_VARIANTS compares settings in the same minutes: `;`-separated variants, each a space-separated list
 * of NAME=value added to the README's start (`-` for none), run in turn BENCH_ROUNDS times. The README's start
 * always comes first, and is the one measured against the targets.
 */
export function serviceVariants(spec: string | undefined): ServiceVariant[] {
  const variants: ServiceVariant[] = [{ label: 'as the README starts it', env: {} }];
  for (const part of (spec ?? '').split(';').map((p) => p.trim())) {
    if (part === '' || part === '-') continue;
    const env: Record<string, string> = {};
    for (const pair of part.split(/\s+/)) {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(pair);
      if (!match) throw new Error(`BENCH_VARIANTS: "${pair}" is not NAME=value`);
      env[match[1]] = match[2];
    }
    variants.push({ label: part, env });
  }
  return variants;
}

const load1 = () => loadavg()[0].toFixed(2);

export async function manyKeysReport(ctx: ManyKeysContext, machineLine: string): Promise<void> {
  const keyCount = Number(process.env.BENCH_KEYS ?? 26);
  if (!(keyCount >= 25)) throw new Error('BENCH_KEYS: the many-keys mode spreads the load over at least 25 keys');
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const loadAtStart = loadavg().map((l) => l.toFixed(2));

  const issuer = ctx.app.get(ApiKeyService);
  const issued = [];
  for (let i = 0; i < keyCount; i++) issued.push(await issuer.issue({ plan: 'team', clientName: `bench key ${i}` }));
  const keys = issued.map((k) => k.apiKey);
  const ids = issued.map((k) => k.record.id);
  // The team plan's 1,000 calls/min per key would refuse 26 keys beyond ~430 calls/s: the limit is raised (the
  // limiter still counts every call); the quota (1,500,000 a month) is the plan's.
  await ctx.admin.query('UPDATE api_keys SET rate_limit_per_minute = 100000000 WHERE id = ANY($1::uuid[])', [ids]);
  await ctx.closeApp();

  console.error('many-keys: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build exited with ${build.status}`);

  const dir = mkdtempSync(join(tmpdir(), 'bench-many-keys-'));
  const logFile = join(dir, 'service.log');
  const body = JSON.stringify({ contract_address: ctx.token.address, cache_ttl: 3600 });
  const request = { method: 'POST', body, headers: { 'Content-Type': 'application/json' } };
  const driveLoad = (base: string, duration = seconds) =>
    loadFromAnotherProcess({
      ...request,
      url: `${base}/api/v1/token/scan`,
      connections: CONNECTIONS,
      duration,
      rotate: { header: KEY_HEADER, values: keys },
    });
  const scan = (base: string) =>
    fetch(`${base}/api/v1/token/scan`, { ...request, headers: { ...request.headers, [KEY_HEADER]: keys[0] } }).then(
      async (r) => {
        const text = await r.text();
        if (r.status !== 200) throw new Error(`scan ${r.status}: ${text}`);
        return text;
      },
    );

  const variants = serviceVariants(process.env.BENCH_VARIANTS);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  let done = false;
  try {
    const runs: VariantRun[] = [];
    let answer = '';
    for (let round = 0; round < rounds; round++) {
      for (const variant of variants) {
        console.error(`many-keys: node dist/src/main.js ${variant.label} (its log in ${logFile})`);
        const service = await startService(ctx.databaseUrl, ctx.devnetPort, logFile, variant.env);
        try {
          await scan(service.base); // the cold scan that fills the report cache (cached after the first run)
          answer = await scan(service.base); // the cached answer, recorded for the bare server
          await driveLoad(service.base, 3); // every API process up, its code warm
          await recordedOk(ctx.admin, ids, new Date(0)); // the warm-up's calls all recorded
          const since = new Date();
          const before = await sumQuota(ctx.admin, ids);
          const load = await driveLoad(service.base);
          await new Promise((r) => setTimeout(r, 1_000)); // the calls in flight when the load stopped
          const charged = before - (await sumQuota(ctx.admin, ids));
          const served = await recordedOk(ctx.admin, ids, since);
          const logMiB = statSync(logFile).size / 2 ** 20;
          const quota = quotaCheck({
            charged,
            recorded: served,
            counted: load.requests.total - load.non2xx,
            connections: CONNECTIONS,
          });
          runs.push({ variant, load, quota, logMiB });
        } finally {
          await service.stop();
        }
      }
    }

    const bodyFile = join(dir, 'answer.json');
    writeFileSync(bodyFile, answer);
    const cores = availableParallelism();
    const bare: LoadResult[] = [];
    for (const processes of [1, cores]) {
      const server = await startBare(bodyFile, processes);
      try {
        await driveLoad(server.base, 2);
        bare.push(await driveLoad(server.base));
      } finally {
        await server.stop();
      }
    }

    // The README's start (the first variant) is what the targets are about: its median run over the rounds.
    const asDocumented = runs.filter((r) => r.variant === variants[0]);
    const main = [...asDocumented].sort((a, b) => a.load.requests.average - b.load.requests.average)[
      Math.floor((asDocumented.length - 1) / 2)
    ];
    const rate = main.load.requests.average;
    const ratio = (l: LoadResult) => `${((100 * rate) / l.requests.average).toFixed(1)} %`;
    const targets = [
      `≥ 2,000 quota-counted cached scans/s: ${rate >= 2000 ? 'met' : 'not met'} (${rate.toFixed(0)})`,
      `p99 ≤ 100 ms: ${main.load.latency.p99 <= 100 ? 'met' : 'not met'} (${main.load.latency.p99} ms)`,
      `0 errors: ${main.load.non2xx + main.load.errors === 0 ? 'met' : 'not met'} (non-2xx ${main.load.non2xx}, errors ${main.load.errors})`,
    ];

    console.log(
      `\n## ${new Date().toISOString().slice(0, 10)} — cached scans over many keys (bench:scan --many-keys)\n`,
    );
    console.log(
      `${machineLine}. Load average (1, 5, 15 min) ${loadAtStart.join(', ')} at the start, ${load1()} (1 min) at the end.\n`,
    );
    console.log(
      `The service as \`npm start\` runs it: \`npm run build\`, then \`node dist/src/main.js\` with only PORT, DATABASE_URL (a scratch database) and DEVNET_PORT (the bench's devnet) set — API_PROCESSES \`auto\` (${cores} here), default LOG_LEVEL (its log to a file), no REDIS_URL${variants.length > 1 ? `; the other variants add the settings named, run in turn with it (${rounds} round(s))` : ''}. ${keyCount} team keys (quota-counted; rate limit raised so the plan's 1,000/min does not refuse), ${main.load.tool} in another process: ${CONNECTIONS} connections, each request with the next key in turn, ${seconds} s of POST /api/v1/token/scan (${ctx.token.label} token, cache_ttl 3600) after a 3 s warm-up; the report cache filled by one scan first.\n`,
    );
    console.log('| server | req/s | p50 ms | p99 ms | non-2xx | errors | log MiB | quota = answers | service / this |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    const row = (name: string, l: LoadResult, rest: string) =>
      console.log(
        `| ${name} | ${l.requests.average.toFixed(0)} | ${+l.latency.p50.toFixed(2)} | ${+l.latency.p99.toFixed(2)} | ${l.non2xx} | ${l.errors} | ${rest} |`,
      );
    for (const r of runs)
      row(`the service, ${r.variant.label}`, r.load, `${r.logMiB.toFixed(1)} | ${r.quota.ok ? '✓' : '✗'} | —`);
    row('bare `node:http`, 1 process, same JSON', bare[0], `— | — | ${ratio(bare[0])}`);
    row(`bare \`node:http\`, ${cores} processes (node:cluster)`, bare[1], `— | — | ${ratio(bare[1])}`);
    for (const r of runs) if (!r.quota.ok) console.log(`\nQuota, ${r.variant.label}: ${r.quota.line}.`);
    console.log(`\nQuota (${main.variant.label}, median run): ${main.quota.line}.`);
    console.log(`Targets (issue 32, ${main.variant.label}): ${targets.join('; ')}.`);
    console.log(`\nService: ${describeLoad(main.load)}.`);
    if (runs.some((r) => !r.quota.ok)) process.exitCode = 1;
    else done = true;
  } finally {
    if (done) rmSync(dir, { recursive: true, force: true });
    else console.error(`many-keys: the service's log stays in ${logFile}`);
  }
}
