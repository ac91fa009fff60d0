import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'`,
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
