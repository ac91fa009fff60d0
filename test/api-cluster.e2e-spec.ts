import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { readManifest } from '../devnet';
import { compileContracts } from '../devnet/compile';
import { sha256 } from './support/keys';
import { PausableProxy } from './support/pausable-proxy';
import { parsePrometheusText, sampleSum } from './support/prometheus-text';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { ensureBuilt } from './support/build';
import { freePort } from './support/devnet-chain';
import { until } from './support/until';

const root = join(__dirname, '..');
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

async function parentOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may hold spaces): state, ppid, …
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** The built service as `npm start` runs it (a primary forking the API processes), its JSON log lines read. */
class Service {
  readonly logs: Array<Record<string, unknown>> = [];
  primary!: ChildProcess;
  base!: string;
  private dataDir!: string;

  /** Lines of the API processes' "listening" log: one per process. */
  listening(): Array<Record<string, unknown>> {
    return this.logs.filter((l) => typeof l.msg === 'string' && l.msg.includes('listening on'));
  }

  /** The pids that logged a completed request to `path`. */
  servedBy(path: string): Set<number> {
    return new Set(
      this.logs
        .filter((l) => l.msg === 'request completed' && (l.req as { path?: string } | undefined)?.path === path)
        .map((l) => l.pid as number),
    );
  }

  async start(env: NodeJS.ProcessEnv): Promise<void> {
    await ensureBuilt();
    this.dataDir = await mkdtemp(join(tmpdir(), 'cluster-'));
    // The devnet's sources compiled once for the whole run (as in test/support/devnet-chain.ts), not again
    // in each API process of a fresh data dir (which costs half a minute).
    const compiled = join(root, '.data', 'contracts-cache');
    compileContracts(compiled);
    await cp(compiled, join(this.dataDir, 'contracts-cache'), { recursive: true });
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    // A variable given as undefined is left out (not inherited from this process's environment).
    const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in env)));
    this.primary = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
      cwd: root,
      env: {
        ...inherited,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        PORT: String(port),
        HOST: '127.0.0.1',
        API_PROCESSES: '2',
        DEVNET_PORT: new URL(process.env.TEST_DEVNET_RPC_URL!).port,
        DATA_DIR: this.dataDir,
        METRICS_TOKEN,
        ...given,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    this.primary.stdout!.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        try {
          this.logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          /* not a log line */
        }
      }
    });
    await until(() => this.listening().length === 2 || this.primary.exitCode !== null, 'both API processes to listen');
    expect(this.primary.exitCode).toBeNull();
  }

  async stop(): Promise<void> {
    if (this.primary && this.primary.exitCode === null) {
      this.primary.kill('SIGKILL');
      await once(this.primary, 'exit');
    }
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }
}

describe('API_PROCESSES=2: the built service runs two HTTP processes on one port (node:cluster)', () => {
  let db: TestDatabase;
  const service = new Service();
  let primary: ChildProcess;
  let base: string;
  const logs = service.logs;
  const listening = () => service.listening();

  beforeAll(async () => {
    db = await createTestDatabase();
    await service.start({
      PROCESS_ROLE: 'api',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `cluster-${randomBytes(4).toString('hex')}:`,
    });
    ({ primary, base } = service);
  });

  afterAll(async () => {
    await service.stop();
    await db.drop();
  });

  it('forks two API processes of its own, and serves no request itself', async () => {
    const pids = listening().map((l) => l.pid as number);
    expect(new Set(pids).size).toBe(2);
    for (const pid of pids) expect(await parentOf(pid)).toBe(primary.pid);
    expect(pids).not.toContain(primary.pid);
  });

  it('shares a key’s rate limit across both processes, answered by both, and adds up their metrics', async () => {
    const issued = await fetch(`${base}/api/v1/auth/request-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Cluster', email: 'cluster@example.com', intended_usage: 'testing' }),
    });
    expect(issued.status).toBe(201);
    const key = ((await issued.json()) as { data: { api_key: string } }).data.api_key;
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    const { rowCount } = await sql.query('UPDATE api_keys SET rate_limit_per_minute = 5 WHERE key_hash = $1', [
      sha256(key),
    ]);
    expect(rowCount).toBe(1);
    await sql.end();

    // A new connection per call: the primary hands each to one process in turn.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${base}/api/v1/auth/validate`, {
        method: 'POST',
        headers: { 'X-Service-API-Key': key, Connection: 'close' },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    await until(
      () =>
        logs.filter(
          (l) =>
            l.msg === 'request completed' && (l.req as { path?: string } | undefined)?.path === '/api/v1/auth/validate',
        ).length === 8,
      'the request lines',
    );
    const servedBy = new Set(
      logs
        .filter((l) => l.msg === 'request completed' && (l.req as { path?: string }).path === '/api/v1/auth/validate')
        .map((l) => l.pid),
    );
    expect(servedBy.size).toBe(2);

    // Whichever process takes the scrape answers for both.
    for (let i = 0; i < 2; i++) {
      const scrape = await fetch(`${base}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}`, Connection: 'close' },
      });
      expect(scrape.status).toBe(200);
      const families = parsePrometheusText(await scrape.text());
      const validate = (status: string) =>
        sampleSum(families, 'tas_http_requests_total', { route: '/api/v1/auth/validate', method: 'POST', status });
      expect(validate('200')).toBe(5);
      expect(validate('429')).toBe(3);
    }
  });

  it('stops both processes on SIGTERM and exits 0', async () => {
    const pids = listening().map((l) => l.pid as number);
    primary.kill('SIGTERM');
    const [code] = (await once(primary, 'exit')) as [number | null];
    expect(code).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('API_PROCESSES=2 without Redis: the primary holds the limits both processes share', () => {
  const { tokens } = readManifest();
  const MAX_CONCURRENT = 3;
  let db: TestDatabase;
  let rpc: PausableProxy;
  const service = new Service();
  let ipCounter = 0;
  /** A client address of its own per test (the service trusts X-Forwarded-For from loopback). */
  const nextIp = () => `10.9.0.${++ipCounter}`;
  /** A call on a connection of its own: the primary hands each new connection to one process in turn. */
  const call = (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
    fetch(`${service.base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'Content-Type': 'application/json', Connection: 'close', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const statusCounts = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

  async function freeKey(): Promise<string> {
    const res = await call('/api/v1/auth/request-key', {
      headers: { 'X-Forwarded-For': nextIp() },
      body: { client_name: 'Cluster', email: 'cluster@example.com', intended_usage: 'testing' },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { api_key: string } }).data.api_key;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    // The devnet behind a relay the test can pause: scans admitted meanwhile hold their slots.
    rpc = new PausableProxy({ host: '127.0.0.1', port: Number(new URL(process.env.TEST_DEVNET_RPC_URL!).port) });
    const rpcPort = await rpc.start();
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: db.url,
      DEVNET_PORT: String(rpcPort),
      SCANNER_MAX_CONCURRENT: String(MAX_CONCURRENT),
      REDIS_URL: undefined,
      PROCESS_ROLE: undefined,
    };
    await service.start(env);
  });

  afterAll(async () => {
    await service.stop();
    await rpc.stop();
    await db.drop();
  });

  it('runs on the default role: the first process also runs the job workers', () => {
    const roles = service.listening().map((l) => /PROCESS_ROLE=(\w+)/.exec(String(l.msg))?.[1]);
    expect(roles.sort()).toEqual(['all', 'api']);
  });

  it('a free key’s 60 calls a minute are exact across both: of 80 at once, 60 pass, each told its own place', async () => {
    const key = await freeKey();
    const results = await Promise.all(
      Array.from({ length: 80 }, () =>
        call('/api/v1/auth/validate', { method: 'POST', headers: { 'X-Service-API-Key': key } }),
      ),
    );
    expect(statusCounts(results.map((r) => r.status))).toEqual({ 200: 60, 429: 20 });
    const places = results
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get('x-ratelimit-remaining')))
      .sort((a, b) => a - b);
    expect(places).toEqual(Array.from({ length: 60 }, (_, i) => i));
    await until(() => service.servedBy('/api/v1/auth/validate').size === 2, 'both processes to have served');
  });

  it('per-address limits are exact across both: key issuing (5 an hour) and the Low class (30 a minute)', async () => {
    const ip = nextIp();
    const issued = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('/api/v1/auth/request-key', {
          headers: { 'X-Forwarded-For': ip },
          body: { client_name: 'Cluster', email: 'cluster@example.com', intended_usage: 'testing' },
        }),
      ),
    );
    expect(statusCounts(issued.map((r) => r.status))).toEqual({ 201: 5, 429: 7 });

    const low = nextIp();
    const plans = await Promise.all(
      Array.from({ length: 40 }, () => call('/scanner/api/v1/plans', { headers: { 'X-Forwarded-For': low } })),
    );
    expect(statusCounts(plans.map((r) => r.status))).toEqual({ 200: 30, 429: 10 });
    expect(service.servedBy('/scanner/api/v1/plans').size).toBe(2);
  });

  it('a test key’s 10 scans are exact across both: of 30 at once, 10 succeed and 20 are refused 402', async () => {
    const created = await call('/scanner/api/v1/generate-test-key', {
      headers: { 'X-Forwarded-For': nextIp() },
      body: { wallet: `0x${randomBytes(20).toString('hex')}` },
    });
    const body = (await created.json()) as { api_key: string };
    expect({ status: created.status, body }).toMatchObject({ status: 201, body: { plan: 'test', quota: 10 } });
    const key = body.api_key;
    // Its 10 calls a minute lifted, so that only the quota decides.
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      await sql.query('UPDATE api_keys SET rate_limit_per_minute = 1000 WHERE key_hash = $1', [sha256(key)]);
      const results = await Promise.all(
        Array.from({ length: 30 }, () =>
          call('/api/v1/token/scan', {
            headers: { 'X-Service-API-Key': key },
            body: { contract_address: tokens.taxed.address },
          }),
        ),
      );
      expect(statusCounts(results.map((r) => r.status))).toEqual({ 200: 10, 402: 20 });
      const { rows } = await sql.query<{ quota_remaining: number }>(
        'SELECT quota_remaining FROM api_keys WHERE key_hash = $1',
        [sha256(key)],
      );
      expect(rows).toEqual([{ quota_remaining: 0 }]);
    } finally {
      await sql.end();
    }
    expect(service.servedBy('/api/v1/token/scan').size).toBe(2);
  });

  it(`surface B’s ${MAX_CONCURRENT} concurrent requests are never exceeded across both; a slot frees when its call ends`, async () => {
    const key = await freeKey();
    rpc.pause();
    const answered: Array<{ status: number; body: { reason?: string } }> = [];
    const scans = Array.from({ length: 10 }, () =>
      // A token not scanned yet: the scan asks the chain node.
      call('/scanner/api/v1/token/security-only', {
        headers: { Authorization: `Bearer ${key}` },
        body: { contract_address: tokens.honeypot.address },
      }).then(async (r) => {
        const answer = { status: r.status, body: (await r.json()) as { reason?: string } };
        answered.push(answer);
        return answer;
      }),
    );
    try {
      // The admitted ones wait on the paused chain node, holding their slots; the rest are refused at once.
      await until(() => answered.length >= 10 - MAX_CONCURRENT, 'the refused scans', 30_000);
      expect(answered.map((a) => a.status)).toEqual(Array(10 - MAX_CONCURRENT).fill(429));
      expect(answered[0].body).toEqual({
        success: false,
        error: 'rate_limited',
        provider: 'api',
        reason: `Service busy: at most ${MAX_CONCURRENT} concurrent requests`,
        retry_after: 1,
      });
      // Either process reports the slots held in both (each call on a new connection: one per process).
      for (let i = 0; i < 2; i++) {
        const figures = (await (await call('/scanner/api/v1/system/rate-limits')).json()) as {
          rate_limits: { global_stats: { current_concurrent: number } };
        };
        expect(figures.rate_limits.global_stats.current_concurrent).toBe(MAX_CONCURRENT);
      }
      await until(() => service.servedBy('/scanner/api/v1/system/rate-limits').size === 2, 'both to have answered');
      expect(answered).toHaveLength(10 - MAX_CONCURRENT);
    } finally {
      rpc.resume();
      await Promise.allSettled(scans);
    }
    const all = await Promise.all(scans);
    expect(statusCounts(all.map((a) => a.status))).toEqual({ 200: MAX_CONCURRENT, 429: 10 - MAX_CONCURRENT });
    await until(
      async () =>
        (
          (await (await call('/scanner/api/v1/system/rate-limits')).json()) as {
            rate_limits: { global_stats: { current_concurrent: number } };
          }
        ).rate_limits.global_stats.current_concurrent === 0,
      'the slots to be released',
      10_000,
    );
  });
});
