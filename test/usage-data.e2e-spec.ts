import { Client } from 'pg';
import { CallEntry, CallLogRepository } from '../src/accounts/call-log/call-log.repository';
import { AppConfig } from '../src/config/app-config';
import { PrismaService } from '../src/prisma/prisma.service';
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
});
