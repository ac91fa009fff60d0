import { KeyQuotaCounter } from '../src/accounts/key-quota.counter';
import { QuotaCounter } from '../src/metering/counters';
import { LimitsFixtureModule } from './fixtures/limits-fixture.module';
import { keyOfPlan, sha256, sql } from './support/keys';
import { PausableProxy } from './support/pausable-proxy';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { bootTestApp, TestApp } from './support/test-app';
import { until } from './support/until';

const CONNECT_TIMEOUT_MS = 1_000;
const STATEMENT_TIMEOUT_MS = 1_500;
/** The longest a request may wait on a stopped database: one connection attempt and one statement, with slack. */
const BOUND_MS = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 500 + 2_000;

/** The app on a database of its own, reached through a relay the test can pause or cut, and a starter key. */
interface RelayedApp {
  db: TestDatabase;
  proxy: PausableProxy;
  t: TestApp;
  key: string;
  /** The key's quota left, read straight from the database. */
  remaining(): Promise<number>;
  close(): Promise<void>;
}

async function relayedApp(env: Record<string, string> = {}): Promise<RelayedApp> {
  const db = await createTestDatabase();
  const direct = new URL(db.url);
  const proxy = new PausableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const relayed = new URL(db.url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(await proxy.start());
  const t = await bootTestApp({ databaseUrl: relayed.toString(), extraModules: [LimitsFixtureModule], env });
  const key = await keyOfPlan(t, 'starter');
  const remaining = async () =>
    (
      await sql<{ quota_remaining: number }>(
        { ...t, db } as TestApp,
        'SELECT quota_remaining FROM api_keys WHERE key_hash = $1',
        [sha256(key)],
      )
    )[0].quota_remaining;
  const close = async () => {
    await t.close();
    await proxy.stop();
    await db.drop();
  };
  return { db, proxy, t, key, remaining, close };
}

/**
 * The app reaches PostgreSQL through a relay the test can pause (the server stops answering, as
 * under SIGSTOP or a partition) or cut (connections terminated): each surface answers 503 in its
 * envelope with Retry-After within the configured timeouts, health says degraded, and once the
 * database is back the same process serves again with the quota exact.
 */
describe('Database faults', () => {
  let app: RelayedApp;
  let proxy: PausableProxy;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await relayedApp({
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
    ({ proxy, t, key } = app);
  });
  afterAll(() => app.close());

  const remaining = () => app.remaining();
  const scanA = () => t.http.post('/api/v1/__limits/scan').set('X-Service-API-Key', key);
  const scanB = () => t.http.post('/scanner/api/v1/__limits/scan').set('Authorization', `Bearer ${key}`);
  const accountC = () => t.http.get('/v1/account').set('Authorization', `Bearer ${key}`);

  it('answers 503 in each envelope with Retry-After while PostgreSQL is paused, then serves again without a restart', async () => {
    await scanB().expect(200);
    const before = await remaining();

    proxy.pause();
    try {
      const started = Date.now();
      const [a, b, c] = await Promise.all([scanA(), scanB(), accountC()]);
      const waited = Date.now() - started;
      expect([a.status, b.status, c.status]).toEqual([503, 503, 503]);
      expect(waited).toBeLessThan(BOUND_MS);
      for (const res of [a, b, c]) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(a.body).toEqual({
        success: false,
        error: expect.objectContaining({
          code: 503,
          type: 'service_unavailable_error',
          message: 'The database is unavailable; retry shortly',
        }),
      });
      expect(b.body).toEqual(
        expect.objectContaining({
          success: false,
          error: 'service_unavailable',
          message: 'The database is unavailable; retry shortly',
        }),
      );
      expect(c.body).toEqual({
        error: expect.objectContaining({
          code: 'DATABASE_UNAVAILABLE',
          message: 'The database is unavailable; retry shortly',
        }),
      });
      // /health serves its last check for HEALTH_CACHE_MS (1 s): it says so within that.
      let health = await t.http.get('/health');
      await until(
        async () => {
          health = await t.http.get('/health');
          return health.body.status === 'degraded';
        },
        '/health to say degraded',
        10_000,
      );
      expect(health.body.components.database).not.toBe('connected');
    } finally {
      proxy.resume();
    }

    await scanB().expect(200);
    await scanA().expect(200);
    await until(
      async () => (await t.http.get('/health').expect(200)).body.status !== 'degraded',
      '/health to recover',
      10_000,
    );
    // Refused calls took nothing; each served call took exactly one.
    expect(await remaining()).toBe(before - 2);
  });

  it('keeps the quota exact through repeated pauses under concurrent load: every call charged is a call answered 2xx', async () => {
    await scanB().expect(200);
    const before = await remaining();
    let served = 0;
    for (let round = 0; round < 4; round++) {
      // Calls on their way when the database stops: their quota statements are held mid-flight and
      // reach the server only after the clients gave up on them.
      const inFlight = Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? scanA() : scanB())));
      proxy.pause();
      const started = Date.now();
      const answered = await inFlight;
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
      expect(answered.map((r) => r.status).filter((s) => s !== 200 && s !== 503)).toEqual([]);
      served += answered.filter((r) => r.status === 200).length;
      proxy.resume();
      // And calls served between the stops.
      const between = await Promise.all(Array.from({ length: 4 }, (_, i) => (i % 2 ? scanA() : scanB())));
      served += between.filter((r) => r.status === 200).length;
    }
    // Refunds the stopped database could not take are made once it answers again.
    await t.app.get<QuotaCounter, KeyQuotaCounter>(QuotaCounter, { strict: false }).settled();
    expect(before - (await remaining())).toBe(served);
  });

  it('answers 503, not 500, when the database terminates its connections, and recovers by itself', async () => {
    await scanB().expect(200);
    proxy.cut();
    const results = await Promise.all(Array.from({ length: 7 }, () => scanB()));
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 503)).toEqual([]);
    await scanB().expect(200);
  });
});

/** The service's own timeouts (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS left at their defaults). */
describe('Database paused under load, default timeouts', () => {
  let app: RelayedApp;
  let proxy: PausableProxy;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await relayedApp();
    ({ proxy, t, key } = app);
  });
  afterAll(() => app.close());

  const remaining = () => app.remaining();
  /** A scan on A or B, and how long its answer took. */
  const timed = async (i: number) => {
    const started = Date.now();
    const res =
      i % 2
        ? await t.http.post('/api/v1/__limits/scan').set('X-Service-API-Key', key)
        : await t.http.post('/scanner/api/v1/__limits/scan').set('Authorization', `Bearer ${key}`);
    return { status: res.status, ms: Date.now() - started };
  };

  it('answers every call within 5 s while PostgreSQL is paused, and charges only the calls answered 2xx', async () => {
    await timed(0);
    const before = await remaining();
    let served = 0;
    const slowest: number[] = [];
    for (let round = 0; round < 2; round++) {
      const inFlight = Promise.all(Array.from({ length: 12 }, (_, i) => timed(i)));
      proxy.pause();
      const answered = await inFlight;
      proxy.resume();
      expect(answered.map((a) => a.status).filter((s) => s !== 200 && s !== 503)).toEqual([]);
      served += answered.filter((a) => a.status === 200).length;
      slowest.push(Math.max(...answered.map((a) => a.ms)));
      served += (await Promise.all(Array.from({ length: 4 }, (_, i) => timed(i)))).filter(
        (a) => a.status === 200,
      ).length;
    }
    expect(slowest.filter((ms) => ms >= 5_000)).toEqual([]);
    await t.app.get<QuotaCounter, KeyQuotaCounter>(QuotaCounter, { strict: false }).settled();
    expect(before - (await remaining())).toBe(served);
  });
});
