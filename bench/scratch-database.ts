import { Client } from 'pg';
import { runMigrations } from '../src/prisma/migration-runner';

/** CI's PostgreSQL (README); the embedded server cannot start under tsx (tsconfig maps its import to typings). */
const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * A migrated scratch database on `server`, else BENCH_DATABASE_URL, DATABASE_URL or the default server, dropped by
 * `drop()`.
 */
export async function scratchDatabase(
  prefix: string,
  server?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = server ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER;
  const name = `${prefix}_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  try {
    await runMigrations(url.toString());
  } catch (err) {
    await drop();
    throw err;
  }
  return { url: url.toString(), drop };
}
