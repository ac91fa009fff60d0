import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { sha256 } from './support/keys';
import { parsePrometheusText, sampleSum } from './support/prometheus-text';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { ensureBuilt } from './support/build';

const root = join(__dirname, '..');
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves when `check` answers true (asked every 50 ms); fails after `limitMs`, a bound on a hang, not a timing assertion. */
async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 90_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function parentOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may hold spaces): state, ppid, …
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

describe('API_PROCESSES=2: the built service runs two HTTP processes on one port (node:cluster)', () => {
  let db: TestDatabase;
  let dataDir: string;
  let primary: ChildProcess;
  let base: string;
  const logs: Array<Record<string, unknown>> = [];
  const listening = () => logs.filter((l) => typeof l.msg === 'string' && l.msg.includes('listening on'));

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'cluster-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    primary = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        PORT: String(port),
        HOST: '127.0.0.1',
        API_PROCESSES: '2',
        PROCESS_ROLE: 'api',
        DATABASE_URL: db.url,
        DEVNET_PORT: new URL(process.env.TEST_DEVNET_RPC_URL!).port,
        DATA_DIR: dataDir,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `cluster-${randomBytes(4).toString('hex')}:`,
        METRICS_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    primary.stdout!.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          /* not a log line */
        }
      }
    });
    await until(() => listening().length === 2 || primary.exitCode !== null, 'both API processes to listen');
    expect(primary.exitCode).toBeNull();
  });

  afterAll(async () => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
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
