import { createServer } from 'node:net';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ApiKeyRepository } from '../src/accounts/api-key.repository';
import {
  CallHistoryRetentionService,
  QUOTA_CHARGES_KEEP_MS,
} from '../src/accounts/call-log/call-history-retention.service';
import { CallEntry, CallLogRepository } from '../src/accounts/call-log/call-log.repository';
import { ReportCache } from '../src/analysis/report/report-cache';
import { ReportCacheRepository } from '../src/analysis/report/report-cache.repository';
import { MetricsService } from '../src/common/metrics/metrics.service';
import { AppConfig } from '../src/config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/prisma/embedded-postgres';
import { LineageDatabaseCleaner } from '../src/prisma/lineage-databases';
import { runMigrations } from '../src/prisma/migration-runner';
import { PrismaService } from '../src/prisma/prisma.service';
import { HOUSEKEEPING_SCHEDULES } from '../src/jobs/housekeeping';
import { JobQueue, QUEUES } from '../src/jobs/job-queue';
import { FixedClock } from './fakes';
import { sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

const KEYS = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

describe('Bounded usage data: partitioned calls, exact rollups, retention', () => {
  let db: TestDatabase;
  let client: Client;
  let prisma: PrismaService;
  let sut: CallLogRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    prisma = new PrismaService(
      new AppConfig({ databaseUrl: db.url, db: { connectTimeoutMs: 3_000, statementTimeoutMs: 20_000 } } as AppConfig),
    );
    await prisma.$connect();
    sut = new CallLogRepository(prisma);
    for (const [i, id] of KEYS.entries())
      await client.query(
        `INSERT INTO api_keys (id, key_hash, key_prefix, plan, rate_limit_per_minute, expires_at)
         VALUES ($1, repeat($2, 64), $3, $4, 60, now() + interval '1 day')`,
        [id, String(i), `tas_${i}`, i === 0 ? 'free' : 'pro'],
      );
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await client.end();
    await db.drop();
  });

  const rawByKeyDay = async () =>
    (
      await client.query(`SELECT key_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::bigint AS calls,
             count(*) FILTER (WHERE status < 400)::bigint AS ok_calls,
             count(*) FILTER (WHERE status >= 400 AND status < 500)::bigint AS client_error_calls,
             count(*) FILTER (WHERE status = 429)::bigint AS rate_limited_calls,
             count(*) FILTER (WHERE status >= 500)::bigint AS server_error_calls,
             sum(latency_ms)::bigint AS latency_ms_sum
      FROM api_calls GROUP BY 1, 2 ORDER BY 1, 2`)
    ).rows;
  const rollups = async () =>
    (
      await client.query(`SELECT key_id, to_char(day, 'YYYY-MM-DD') AS day, calls, ok_calls, client_error_calls,
             rate_limited_calls, server_error_calls, latency_ms_sum FROM api_usage_daily ORDER BY 1, 2`)
    ).rows;
  const views = async () => ({
    perKey: (await client.query('SELECT * FROM daily_usage_per_key ORDER BY day, key_id')).rows,
    perPlan: (await client.query('SELECT * FROM daily_usage_per_plan ORDER BY day, plan')).rows,
  });

  it('keeps the rollups exact under concurrent batches that share keys and days', async () => {
    const now = Date.now();
    const batch = (b: number): CallEntry[] =>
      Array.from({ length: 200 }, (_, i) => ({
        keyId: KEYS[(b + i) % 2],
        surface: 'B',
        method: 'GET',
        endpoint: '/scanner/api/v1/user/stats',
        status: [200, 404, 429, 500, 201][(b * 7 + i) % 5],
        latencyMs: (b * 31 + i) % 997,
        at: new Date(now - ((b + i) % 3) * DAY_MS),
      }));
    const batches = Array.from({ length: 24 }, (_, b) => batch(b));
    // 24 batches on up to 20 connections at once, each touching the same (key, day) rollup rows.
    await Promise.all(batches.map((entries) => sut.insertMany(entries)));

    const raw = await rawByKeyDay();
    expect(raw.reduce((sum, r) => sum + Number(r.calls), 0)).toBe(24 * 200);
    expect(raw).toHaveLength(6);
    expect(await rollups()).toEqual(raw);
    const all = batches.flat();
    expect(await sut.counts(KEYS, { dayStart: new Date(utcDay(new Date(now))), monthStart: new Date(0) })).toEqual({
      total: all.length,
      today: all.filter((e) => utcDay(e.at) === utcDay(new Date(now))).length,
      thisMonth: all.length,
    });
  });

  it('answers usage the same before and after the raw days are dropped; retention drops only the old partitions', async () => {
    // Calls 40 days ago (their partition made on demand) and far ahead (no partition yet: the DEFAULT one).
    const old = new Date(Date.now() - 40 * DAY_MS);
    const ahead = new Date(Date.now() + 60 * DAY_MS);
    await sut.ensurePartitions([utcDay(old)]);
    const entry = (at: Date, status: number): CallEntry => ({
      keyId: KEYS[0],
      surface: 'A',
      method: 'POST',
      endpoint: '/api/v1/token/scan',
      status,
      latencyMs: 11,
      at,
    });
    await sut.insertMany([entry(old, 200), entry(old, 500), entry(ahead, 200)]);
    const since = { dayStart: new Date(utcDay(new Date())), monthStart: new Date(utcDay(old)) };
    const seriesStart = new Date(old.getTime() - DAY_MS);
    const before = {
      counts: await sut.counts(KEYS, since),
      daily: await sut.daily(KEYS[0], seriesStart),
      views: await views(),
    };
    expect(before.daily[0]).toEqual({ day: utcDay(old), calls: 2 });

    const cutoff = utcDay(new Date(Date.now() - 30 * DAY_MS));
    const partitions = async () =>
      (
        await client.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'api_calls'::regclass ORDER BY 1`,
        )
      ).rows.map((r) => r.name);
    const kept = (await partitions()).filter(
      (p) => p === 'api_calls_default' || p >= `api_calls_${cutoff.replaceAll('-', '')}`,
    );
    expect(await sut.dropDaysBefore(cutoff)).toEqual([`api_calls_${utcDay(old).replaceAll('-', '')}`]);
    expect(await partitions()).toEqual(kept);
    // Only the old day's raw calls are gone (the one far ahead stays in DEFAULT).
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM api_calls WHERE created_at < $1', [
      new Date(cutoff),
    ]);
    expect(rows[0].n).toBe('0');
    const aheadInDefault = async () =>
      (
        await client.query('SELECT count(*)::int AS n FROM api_calls_default WHERE created_at >= $1', [
          new Date(utcDay(ahead)),
        ])
      ).rows[0].n;
    expect(await aheadInDefault()).toBe(1);

    expect({
      counts: await sut.counts(KEYS, since),
      daily: await sut.daily(KEYS[0], seriesStart),
      views: await views(),
    }).toEqual(before);

    // Making the partition of a day whose calls sit in DEFAULT moves them into it.
    expect(await sut.ensurePartitions([utcDay(ahead)])).toEqual([`api_calls_${utcDay(ahead).replaceAll('-', '')}`]);
    expect(await aheadInDefault()).toBe(0);
    expect(await sut.dropDaysBefore(cutoff)).toEqual([]);
  });

  it('the retention job keeps today and the days ahead made, and drops only days past API_CALLS_RETENTION_DAYS', async () => {
    const clock = new FixedClock(new Date(Date.now() + 3 * DAY_MS));
    const job = new CallHistoryRetentionService(sut, new ApiKeyRepository(prisma), clock);
    const part = (offset: number) =>
      `api_calls_${utcDay(new Date(clock.now().getTime() + offset * DAY_MS)).replaceAll('-', '')}`;
    await sut.ensurePartitions([-6, -5, -4].map((d) => utcDay(new Date(clock.now().getTime() + d * DAY_MS))));
    const totalBefore = await sut.counts(KEYS, { dayStart: new Date(0), monthStart: new Date(0) });

    const upkeep = await job.run(5);
    expect(upkeep.ensured).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map(part));
    // Days before today − 5 go; today − 5 and later stay.
    expect(upkeep.dropped).toEqual(expect.arrayContaining([part(-6)]));
    expect(upkeep.dropped.every((name) => name < part(-5))).toBe(true);
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'api_calls'::regclass AND c.relname <> 'api_calls_default' ORDER BY 1`,
    );
    expect(rows[0].name).toBe(part(-5));
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([part(-4), part(0), part(7)]));
    expect(await sut.counts(KEYS, { dayStart: new Date(0), monthStart: new Date(0) })).toEqual(totalBefore);
    expect(await job.run(5)).toEqual({ ensured: upkeep.ensured, dropped: [], chargesPruned: 0 });
  });

  it('deletes the quota charges older than QUOTA_CHARGES_KEEP_MS, in chunks, and only those', async () => {
    const clock = new FixedClock(new Date());
    const keys = new ApiKeyRepository(prisma);
    const ago = (ms: number) => new Date(clock.now().getTime() - ms);
    await client.query(
      `INSERT INTO quota_charges (call_id, key_id, voided, created_at)
       SELECT gen_random_uuid(), $1, g % 2 = 0, CASE WHEN g <= 25 THEN $2::timestamptz ELSE $3::timestamptz END
       FROM generate_series(1, 40) g`,
      [KEYS[0], ago(QUOTA_CHARGES_KEEP_MS + 60_000), ago(QUOTA_CHARGES_KEEP_MS - 60_000)],
    );
    expect(await keys.pruneQuotaCharges(ago(QUOTA_CHARGES_KEEP_MS), 10)).toBe(25);
    expect((await client.query('SELECT count(*)::int AS n FROM quota_charges')).rows[0].n).toBe(15);
    const upkeep = await new CallHistoryRetentionService(sut, keys, clock).run(30);
    expect(upkeep.chargesPruned).toBe(0);
  });

  it('expires stored reports older than REPORT_CACHE_RETENTION_DAYS, and only those', async () => {
    const clock = new FixedClock(new Date());
    const cache = new ReportCache(new ReportCacheRepository(prisma), clock, new MetricsService());
    const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * DAY_MS);
    for (const [address, daysAgo] of [
      ['0x01', 31],
      ['0x02', 29.9],
      ['0x03', 0],
    ] as const)
      await client.query(
        `INSERT INTO report_cache (chain, address, features, report, created_at) VALUES ('eth', $1, 'security', '{}', $2)`,
        [address, at(daysAgo)],
      );
    expect(await cache.expire(30)).toBe(1);
    expect((await client.query('SELECT address FROM report_cache ORDER BY address')).rows).toEqual([
      { address: '0x02' },
      { address: '0x03' },
    ]);
    expect(await cache.expire(30)).toBe(0);
  });
});

describe('Abandoned devnet lineage databases on the embedded server', () => {
  const CURRENT = 'token_analysis_0000aaaa';
  let dataDir: string;
  let sharedDir: string;
  let pg: EmbeddedPostgresHandle;
  let server: Client;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lineage-data-'));
    sharedDir = await mkdtemp(join(tmpdir(), 'lineage-shared-'));
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    pg = await startEmbeddedPostgres({ dataDir, sharedDir, port, database: CURRENT });
    await runMigrations(pg.url);
    server = new Client({ connectionString: pg.serverUrl });
    await server.connect();
    for (const name of ['token_analysis_0000bbbb', 'token_analysis_0000cccc', 'token_analysis', 'token_analysis_other'])
      await server.query(`CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    await server.end();
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(sharedDir, { recursive: true, force: true });
  });

  const databases = async () =>
    (
      await server.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'token_analysis%' ORDER BY 1",
      )
    ).rows.map((r) => r.datname);
  const cleaner = (overrides: Partial<AppConfig>, now: Date) =>
    new LineageDatabaseCleaner(
      new AppConfig({
        databaseUrl: pg.url,
        embeddedDatabase: true,
        devnetState: { lineage: '0000aaaa', consistent: true },
        retention: { apiCallsDays: 30, reportCacheDays: 30, devnetDatabaseDays: 7 },
        ...overrides,
      } as AppConfig),
      new FixedClock(now),
    );

  it('drops only other lineages’ databases, once the current lineage is old enough, never the current one', async () => {
    const all = await databases();
    const recorded = new Date('2026-11-01T00:00:00Z');
    const current = new Client({ connectionString: pg.url });
    await current.connect();
    await current.query("INSERT INTO devnet_lineage (id, lineage, recorded_at) VALUES (1, '0000aaaa', $1)", [recorded]);
    await current.end();

    // Not the embedded server, no lineage, retention 0, or a database that is not the lineage's: nothing looked at.
    const later = new Date(recorded.getTime() + 30 * DAY_MS);
    expect((await cleaner({ embeddedDatabase: undefined }, later).run()).skipped).toBe('not the embedded server');
    expect((await cleaner({ devnetState: undefined }, later).run()).skipped).toBe('no devnet lineage');
    expect(
      (await cleaner({ retention: { apiCallsDays: 30, reportCacheDays: 30, devnetDatabaseDays: 0 } }, later).run())
        .skipped,
    ).toBe('DEVNET_DATABASE_RETENTION_DAYS is 0');
    expect((await cleaner({ devnetState: { lineage: '0000bbbb', consistent: false } }, later).run()).skipped).toBe(
      `database ${CURRENT} is not the lineage's own`,
    );
    // Too young: the current lineage began 6 days ago.
    expect(await cleaner({}, new Date(recorded.getTime() + 6 * DAY_MS)).run()).toEqual({
      dropped: [],
      kept: ['token_analysis_0000bbbb', 'token_analysis_0000cccc'],
    });
    expect(await databases()).toEqual(all);

    // Old enough; a database in use is kept.
    const user = new Client({ connectionString: pg.url.replace(CURRENT, 'token_analysis_0000cccc') });
    await user.connect();
    try {
      expect(await cleaner({}, new Date(recorded.getTime() + 7 * DAY_MS)).run()).toEqual({
        dropped: ['token_analysis_0000bbbb'],
        kept: ['token_analysis_0000cccc'],
      });
    } finally {
      await user.end();
    }
    expect(await databases()).toEqual(
      [CURRENT, 'token_analysis', 'token_analysis_0000cccc', 'token_analysis_other'].sort(),
    );
  });
});

describe('Housekeeping as scheduled jobs of the worker role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ env: { PROCESS_ROLE: 'all', JOB_POLL_SECONDS: '0.5', API_CALLS_RETENTION_DAYS: '2' } });
  });
  afterAll(() => t.close());

  it('schedules each job on pg-boss (UTC cron), and the call-history job drops raw days past retention', async () => {
    const schedules = await sql<{ name: string; cron: string; timezone: string }>(
      t,
      'SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name',
    );
    expect(schedules).toEqual(
      [...HOUSEKEEPING_SCHEDULES]
        .sort((a, b) => a.queue.localeCompare(b.queue))
        .map((h) => ({ name: h.queue, cron: h.cron, timezone: 'UTC' })),
    );

    const old = utcDay(new Date(Date.now() - 5 * DAY_MS));
    await sql(t, 'SELECT api_calls_ensure_partition($1::date)', [old]);
    const [key] = await sql<{ id: string }>(
      t,
      `INSERT INTO api_keys (key_hash, id, key_prefix, plan, rate_limit_per_minute, expires_at)
       VALUES (repeat('e', 64), gen_random_uuid(), 'tas_e', 'free', 60, now() + interval '1 day') RETURNING id`,
    );
    await sql(
      t,
      `INSERT INTO api_calls (key_id, surface, method, endpoint, status, latency_ms, created_at)
       VALUES ($1, 'B', 'GET', '/x', 200, 4, $2::date + interval '1 hour'), ($1, 'B', 'GET', '/x', 200, 4, now())`,
      [key.id, old],
    );

    const boss = await t.app.get(JobQueue).start();
    const id = await boss.send(QUEUES.callHistory, {});
    const deadline = Date.now() + 15_000;
    let state: string | undefined;
    while (state !== 'completed' && state !== 'failed') {
      if (Date.now() > deadline) throw new Error(`job still ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = (await boss.getJobById(QUEUES.callHistory, id!))?.state;
    }
    expect(state).toBe('completed');
    expect(await sql(t, 'SELECT to_regclass($1) AS part', [`api_calls_${old.replaceAll('-', '')}`])).toEqual([
      { part: null },
    ]);
    expect(await sql(t, 'SELECT count(*)::int AS n FROM api_calls WHERE key_id = $1', [key.id])).toEqual([{ n: 1 }]);
    expect(await sql(t, 'SELECT sum(calls)::int AS n FROM api_usage_daily WHERE key_id = $1', [key.id])).toEqual([
      { n: 2 },
    ]);
  });
});
