import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { projectRoot } from '../common/project-root';

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

/** Any 64-bit number, constant for this project, so concurrent runners (several instances) queue up. */
const ADVISORY_LOCK_ID = 7_310_452_919;

// Prisma's own definition, so `prisma migrate deploy`/`status` agree with what this runner records.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {}

/**
 * Applies pending migrations from prisma/migrations in name order, each in its own transaction,
 * recording them in `_prisma_migrations` exactly as `prisma migrate deploy` would (that command
 * needs a schema-engine binary that cannot be downloaded here).
 */
export async function runMigrations(
  databaseUrl: string,
  migrationsDir = join(projectRoot(), 'prisma', 'migrations'),
): Promise<MigrationResult> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_ID]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const done = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const failed = done.rows.find((r) => r.finished_at === null);
    if (failed) {
      throw new MigrationError(
        `Migration ${failed.migration_name} failed earlier; fix the database and mark it rolled back before retrying`,
      );
    }
    const appliedNames = new Set(done.rows.map((r) => r.migration_name));
    const applied: string[] = [];
    for (const name of listMigrations(migrationsDir)) {
      if (appliedNames.has(name)) continue;
      await applyOne(client, name, readFileSync(join(migrationsDir, name, 'migration.sql')));
      applied.push(name);
    }
    return { applied, alreadyApplied: appliedNames.size };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

export function listMigrations(migrationsDir: string): string[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(migrationsDir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

async function applyOne(client: Client, name: string, sql: Buffer): Promise<void> {
  const id = randomUUID();
  const checksum = createHash('sha256').update(sql).digest('hex');
  // The row is written outside the migration's transaction so that a failure stays recorded, as Prisma does.
  await client.query(
    'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
    [id, checksum, name],
  );
  try {
    await client.query('BEGIN');
    await client.query(sql.toString('utf8'));
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    const message = err instanceof Error ? err.message : String(err);
    await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, message]);
    throw new MigrationError(`Migration ${name} failed: ${message}`);
  }
  await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [
    id,
  ]);
}
