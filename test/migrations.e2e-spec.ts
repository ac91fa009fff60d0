import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../src/prisma/generated/client';
import { listMigrations, runMigrations } from '../src/prisma/migration-runner';
import { createTestDatabase, TestDatabase } from './support/test-database';

interface RuntimeDataModel {
  models: Record<string, { dbName: string | null; fields: Array<{ name: string; kind: string; dbName?: string }> }>;
}

const MIGRATIONS = join(__dirname, '..', 'prisma', 'migrations');

describe('Migration runner', () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('applies every migration once and records it as Prisma does', async () => {
    const names = listMigrations(MIGRATIONS);
    const concurrent = await Promise.all([runMigrations(db.url), runMigrations(db.url), runMigrations(db.url)]);
    // The advisory lock serialises runners: exactly one applied the migrations.
    expect(concurrent.map((r) => r.applied.length).sort()).toEqual([0, 0, names.length]);

    const rows = await client.query(
      'SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows.rows).toEqual(
      names.map((name) => ({
        migration_name: name,
        checksum: createHash('sha256')
          .update(readFileSync(join(MIGRATIONS, name, 'migration.sql')))
          .digest('hex'),
        finished_at: expect.any(Date),
        applied_steps_count: 1,
        rolled_back_at: null,
      })),
    );
    const again = await runMigrations(db.url);
    expect(again).toEqual({ applied: [], alreadyApplied: names.length });
  });

  it('keeps the SQL in step with schema.prisma: every model column exists with its table', async () => {
    const columns = await client.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       JOIN pg_class r ON r.oid = format('public.%I', c.table_name)::regclass
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'
         AND NOT r.relispartition`,
    );
    const actual = new Set(columns.rows.map((r) => `${r.table_name}.${r.column_name}`));
    // The data model the generated client was built from (schema.prisma), as the client itself holds it.
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
    const model = (prisma as unknown as { _runtimeDataModel: RuntimeDataModel })._runtimeDataModel;
    await prisma.$disconnect();
    const expected = new Set(
      Object.entries(model.models).flatMap(([name, m]) =>
        m.fields
          .filter((f) => f.kind === 'scalar' || f.kind === 'enum')
          .map((f) => `${m.dbName ?? name}.${f.dbName ?? f.name}`),
      ),
    );
    expect(expected.size).toBeGreaterThan(10);
    expect([...actual].sort()).toEqual([...expected].sort());
  });
});

const PARTITIONING = '20261128200000_bounded_usage';

describe('Migration to the partitioned call history', () => {
  let db: TestDatabase;
  let client: Client;
  let earlier: string;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    client = new Client({ connectionString: db.url });
    await client.connect();
    // The migrations before it, then a history as the unpartitioned table held it.
    earlier = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const name of listMigrations(MIGRATIONS).filter((n) => n < PARTITIONING))
      cpSync(join(MIGRATIONS, name), join(earlier, name), { recursive: true });
    await runMigrations(db.url, earlier);
  });
  afterAll(async () => {
    rmSync(earlier, { recursive: true, force: true });
    await client.end();
    await db.drop();
  });

  const views = async () => ({
    perKey: (await client.query('SELECT * FROM daily_usage_per_key ORDER BY day, key_id')).rows,
    perPlan: (await client.query('SELECT * FROM daily_usage_per_plan ORDER BY day, plan')).rows,
  });

  it('keeps every row and id, puts each day in its own partition, and the admin views answer the same', async () => {
    await client.query(`INSERT INTO api_keys (id, key_hash, key_prefix, plan, rate_limit_per_minute, expires_at)
      VALUES ('00000000-0000-4000-8000-000000000001', repeat('a', 64), 'tas_a', 'free', 60, now() + interval '1 day'),
             ('00000000-0000-4000-8000-000000000002', repeat('b', 64), 'tas_b', 'pro', 60, now() + interval '1 day')`);
    await client.query(`INSERT INTO api_calls (key_id, surface, method, endpoint, status, latency_ms, created_at)
      SELECT ('00000000-0000-4000-8000-00000000000' || (1 + i % 2))::uuid, 'B', 'GET', '/x',
             (ARRAY[200, 404, 429, 500, 201])[1 + i % 5], i * 7 % 901, now() - i * interval '37 minutes'
      FROM generate_series(1, 300) AS i`);
    const before = await views();
    const rowsBefore = (await client.query('SELECT * FROM api_calls ORDER BY id')).rows;
    expect(before.perKey.length).toBeGreaterThan(10);

    const result = await runMigrations(db.url);
    expect(result.applied[0]).toBe(PARTITIONING);

    expect((await client.query('SELECT * FROM api_calls ORDER BY id')).rows).toEqual(rowsBefore);
    expect(await views()).toEqual(before);
    const { rows: parts } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'api_calls'::regclass ORDER BY 1`,
    );
    const { rows: placed } = await client.query<{ part: string; day: string }>(
      `SELECT DISTINCT tableoid::regclass::text AS part, to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDD') AS day FROM api_calls`,
    );
    // Each day's calls sit in that day's partition (none in DEFAULT); the partitions of the days ahead exist.
    expect(placed.every((p) => p.part === `api_calls_${p.day}`)).toBe(true);
    expect(placed.length).toBeGreaterThan(5);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(parts.map((p) => p.name)).toEqual(expect.arrayContaining(['api_calls_default', `api_calls_${today}`]));
    expect(parts.filter((p) => p.name > `api_calls_${today}` && p.name !== 'api_calls_default')).toHaveLength(7);

    // New calls take the next ids, and land in their day's partition.
    const { rows: added } = await client.query<{ id: string; part: string }>(
      `INSERT INTO api_calls (key_id, surface, method, endpoint, status, latency_ms)
       VALUES ('00000000-0000-4000-8000-000000000001', 'A', 'GET', '/y', 200, 3) RETURNING id, tableoid::regclass::text AS part`,
    );
    expect(Number(added[0].id)).toBe(Math.max(...rowsBefore.map((r: { id: string }) => Number(r.id))) + 1);
    expect(added[0].part).toBe(`api_calls_${today}`);
  });
});
