import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { readManifest } from '../devnet';
import { keyOfPlan, sha256, sql } from './support/keys';
import { ROOMY_UPSTREAMS } from './support/scanning-app';
import { bootTestApp, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { ensureBuilt } from './support/build';
import { until } from './support/until';

const manifest = readManifest();
const TOKENS = Object.values(manifest.tokens).map((t) => t.address);
const JOB_ENV = {
  ...ROOMY_UPSTREAMS,
  JOB_POLL_SECONDS: '0.5',
  JOB_MAINTENANCE_SECONDS: '1',
  WEBHOOK_ALLOW_PRIVATE: 'true',
};
const root = join(__dirname, '..');

/** Runs `fn` over `items`, `width` at a time, results in order. */
async function pool<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

describe('Scan jobs across instances: two API instances and two workers on one PostgreSQL', () => {
  let db: TestDatabase;
  const apps: TestApp[] = [];
  let hookServer: Server;
  const deliveries: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    for (const role of ['api', 'api', 'worker', 'worker'])
      apps.push(await bootTestApp({ databaseUrl: db.url, env: { ...JOB_ENV, PROCESS_ROLE: role } }));
    hookServer = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        deliveries.push(JSON.parse(body).data.job_id as string);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => hookServer.close(() => resolve()));
    for (const t of apps.reverse()) await t.app.close();
    await db.drop();
  });

  it('completes 200 async scans sent to either API instance exactly once each: one webhook per job, none twice', async () => {
    const [apiOne, apiTwo] = apps;
    const key = await keyOfPlan(apiOne, 'enterprise');
    await sql(apiOne, 'UPDATE api_keys SET rate_limit_per_minute = 1000000');
    const hook = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
    const ids = await pool(
      Array.from({ length: 200 }, (_, i) => i),
      20,
      async (i) => {
        const api = i % 2 === 0 ? apiOne : apiTwo;
        const res = await api.http
          .post('/api/v1/token/scan')
          .set('X-Service-API-Key', key)
          .send({ contract_address: TOKENS[i % TOKENS.length], callback_url: hook })
          .expect(202);
        return res.body.data.job_id as string;
      },
    );
    expect(new Set(ids).size).toBe(200);
    await until(
      async () =>
        (
          await sql<{ n: number }>(
            apiOne,
            "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered'",
          )
        )[0].n === 200,
      '200 deliveries',
    );
    const rows = await sql<{ status: string; n: number }>(
      apiOne,
      'SELECT status, count(*)::int AS n FROM scan_jobs GROUP BY status',
    );
    expect(rows).toEqual([{ status: 'done', n: 200 }]);
    expect(deliveries.sort()).toEqual([...ids].sort());
    const viaStatus = await apiTwo.http.get(`/api/v1/jobs/${ids[0]}`).set('X-Service-API-Key', key).expect(200);
    expect(viaStatus.body).toMatchObject({ success: true, data: { status: 'done', result: { success: true } } });
  });
});

describe('A worker killed mid-job', () => {
  let db: TestDatabase;
  let api: TestApp;
  let apiNoRetry: TestApp;
  let worker: TestApp | undefined;
  let lock: Client;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    // A taken job is given up 8 s after it started (JOB_TIMEOUT_SECONDS: room for a cold scan on a loaded
    // machine) and retried while retries last; with no retry left, 3 s is enough.
    api = await bootTestApp({
      databaseUrl: db.url,
      env: { ...JOB_ENV, PROCESS_ROLE: 'api', JOB_TIMEOUT_SECONDS: '8' },
    });
    apiNoRetry = await bootTestApp({
      databaseUrl: db.url,
      env: { ...JOB_ENV, PROCESS_ROLE: 'api', JOB_TIMEOUT_SECONDS: '3', JOB_RETRY_LIMIT: '0' },
    });
    lock = new Client({ connectionString: db.url });
    await lock.connect();
    dataDir = await mkdtemp(join(tmpdir(), 'worker-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await lock.end();
    await worker?.app.close();
    await apiNoRetry.app.close();
    await api.app.close();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const jobState = async (id: string) =>
    (
      await lock.query<{ state: string; retry_count: number }>(
        'SELECT state, retry_count FROM pgboss.job WHERE id = $1',
        [id],
      )
    ).rows[0];

  /**
   * Submits a scan through `via`, lets a worker process (the built service, PROCESS_ROLE=worker) take
   * it while its row is held, so the worker stops inside the job, and kills that process (SIGKILL).
   */
  async function killedInside(via: TestApp, key: string): Promise<string> {
    const accepted = await via.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: TOKENS[0], async: true })
      .expect(202);
    const id = accepted.body.data.job_id as string;
    await lock.query('BEGIN');
    await lock.query('SELECT id FROM scan_jobs WHERE id = $1 FOR UPDATE', [id]);
    const child = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        PROCESS_ROLE: 'worker',
        DATABASE_URL: db.url,
        DEVNET_PORT: new URL(process.env.TEST_DEVNET_RPC_URL!).port,
        DATA_DIR: dataDir,
        JOB_POLL_SECONDS: '0.5',
        ...ROOMY_UPSTREAMS,
      },
      stdio: 'ignore',
    });
    children.push(child);
    await until(async () => (await jobState(id))?.state === 'active', 'the child worker to take the job');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await lock.query('ROLLBACK');
    return id;
  }

  const statusOf = async (id: string) =>
    (await sql<{ status: string }>(api, 'SELECT status FROM scan_jobs WHERE id = $1', [id]))[0].status;

  it('is given up after its timeout and the job is retried by another worker, which completes it once', async () => {
    const key = await keyOfPlan(api, 'enterprise');
    const id = await killedInside(api, key);
    worker = await bootTestApp({ databaseUrl: db.url, env: { ...JOB_ENV, PROCESS_ROLE: 'worker' } });
    await until(async () => (await statusOf(id)) === 'done', 'the retried job to finish');
    expect((await jobState(id)).retry_count).toBeGreaterThanOrEqual(1);
    const status = await api.http.get(`/api/v1/jobs/${id}`).set('X-Service-API-Key', key).expect(200);
    expect(status.body).toMatchObject({ success: true, data: { status: 'done', result: { success: true } } });
    // The killed worker never got past its claim: every attempt counted was another worker's.
    expect(status.body.data.attempts).toBeGreaterThanOrEqual(1);
  });

  it('fails with `unavailable` once no retry is left, and gives its quota call back', async () => {
    // Only the process killed below may take this job.
    await worker?.app.close();
    worker = undefined;
    const key = await keyOfPlan(apiNoRetry, 'starter');
    const remaining = async () =>
      (
        await sql<{ quota_remaining: number }>(api, 'SELECT quota_remaining FROM api_keys WHERE key_hash = $1', [
          sha256(key),
        ])
      )[0].quota_remaining;
    const before = await remaining();
    const id = await killedInside(apiNoRetry, key);
    worker = await bootTestApp({ databaseUrl: db.url, env: { ...JOB_ENV, PROCESS_ROLE: 'worker' } });
    await until(async () => (await statusOf(id)) === 'failed', 'the job to be given up');
    const status = await api.http.get(`/api/v1/jobs/${id}`).set('X-Service-API-Key', key).expect(200);
    expect(status.body).toMatchObject({
      success: true,
      data: { status: 'failed', error: { success: false, error: { code: 503, type: 'service_unavailable_error' } } },
    });
    expect(status.body.data.error.error.message).toMatch(/could not be finished/);
    expect(await remaining()).toBe(before);
  });
});
