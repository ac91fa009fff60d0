/**
 * The embedded PostgreSQL wherever the checkout is (issue 31, item 6). As root (CI), the server runs as the
 * `postgres` user, which cannot enter a checkout in a 0700 folder (/root, `mktemp -d`): the start must move
 * the binaries and the data where it can, and keep the data across restarts. As another user the private
 * folder is the owner's own, and nothing moves. When the server truly cannot start, the service says why in
 * one line, names DATABASE_URL, and exits non-zero.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import {
  EmbeddedPostgresError,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '../src/prisma/embedded-postgres';
import { ensureBuilt } from './support/build';
import { freePort } from './support/devnet-chain';

const root = join(__dirname, '..');
const asRoot = process.getuid?.() === 0;
const installedPackage = dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The running server's own binary, from the pid its data directory records. */
function serverBinary(databaseDir: string): string {
  const pid = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0];
  return readlinkSync(`/proc/${pid}/exe`);
}

describe('Embedded PostgreSQL in a checkout only its owner may enter (a 0700 folder)', () => {
  let privateDir: string;
  let sharedDir: string;
  let pg: EmbeddedPostgresHandle | undefined;

  beforeAll(async () => {
    privateDir = await mkdtemp(join(tmpdir(), 'private-checkout-')); // 0700, like /root
    sharedDir = await mkdtemp(join(tmpdir(), 'shared-')); // 0700 too: the start must open it up itself
    // The checkout's own copy of the binaries, inside the private folder, as `npm ci` in /root leaves them.
    cpSync(installedPackage, join(privateDir, 'node_modules', 'pg-binaries'), {
      recursive: true,
      verbatimSymlinks: true,
    });
  });
  afterAll(async () => {
    await pg?.stop();
    await rm(privateDir, { recursive: true, force: true });
    await rm(sharedDir, { recursive: true, force: true });
  });

  it('starts through the wrapper, serves connections, and keeps its data across a restart', async () => {
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    const dataDir = join(privateDir, '.data');
    const options = {
      dataDir,
      port: await freePort(),
      database: 'private_checkout',
      nativeDir: join(privateDir, 'node_modules', 'pg-binaries', 'native'),
      sharedDir,
    };
    pg = await startEmbeddedPostgres(options);
    await query(pg.url, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$before the restart$$)');
    const first = pg.databaseDir;

    if (asRoot) {
      // The postgres user cannot enter the private folder: data and binaries live in the shared one.
      expect(dirname(dirname(first))).toBe(sharedDir);
      expect(readFileSync(join(dirname(first), 'data-dir'), 'utf8')).toBe(`${dataDir}\n`);
      expect(statSync(first).uid).not.toBe(0);
      expect(statSync(sharedDir).mode & 0o777).toBe(0o755);
      const binaries = readdirSync(sharedDir).filter((name) => name.startsWith('postgres-'));
      expect(binaries).toEqual([expect.stringMatching(/^postgres-[\w.-]+-linux-x64$/)]);
      expect(serverBinary(first)).toBe(join(sharedDir, binaries[0], 'bin', 'postgres'));
    } else {
      // The owner runs the server itself: the private folder is its own, and nothing moves.
      expect(first).toBe(join(dataDir, 'postgres'));
      expect(readdirSync(sharedDir)).toEqual([]);
      expect(serverBinary(first)).toBe(join(options.nativeDir, 'bin', 'postgres'));
    }
    const [{ data_directory }] = await query<{ data_directory: string }>(pg.url, 'SHOW data_directory');
    expect(data_directory).toBe(first);

    await pg.stop();
    pg = await startEmbeddedPostgres(options);
    expect(pg.databaseDir).toBe(first);
    expect(await query(pg.url, 'SELECT note FROM kept')).toEqual([{ note: 'before the restart' }]);
  });

  it('keeps the data in DATA_DIR/postgres when the server can reach it', async () => {
    const openDir = join(privateDir, 'open');
    await mkdir(openDir);
    await chmod(privateDir, 0o711); // enterable by all, listable by none: enough for the server's user
    try {
      const port = await freePort();
      const handle = await startEmbeddedPostgres({ dataDir: openDir, port, database: 'open_checkout', sharedDir });
      try {
        expect(handle.databaseDir).toBe(join(openDir, 'postgres'));
        expect(await query(handle.url, 'SELECT current_database() AS db')).toEqual([{ db: 'open_checkout' }]);
      } finally {
        await handle.stop();
      }
    } finally {
      await chmod(privateDir, 0o700);
    }
  });
});

describe('Embedded PostgreSQL that cannot start', () => {
  let dataDir: string;

  beforeAll(async () => {
    // A cluster that is not one: PostgreSQL refuses it, whoever runs it.
    dataDir = await mkdtemp(join(tmpdir(), 'broken-cluster-'));
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'postgres'), { mode: 0o700 });
    await writeFile(join(dataDir, 'postgres', 'PG_VERSION'), 'not a version\n');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('rejects with an EmbeddedPostgresError saying why in one line', async () => {
    const failure = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'x' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(EmbeddedPostgresError);
    expect((failure as Error).message).toMatch(
      /^postgres stopped before accepting connections \(exit code [1-9]\d*\): \S/,
    );
    expect((failure as Error).message).not.toContain('\n');
  });

  it('stops the service with one line naming DATABASE_URL, no stack trace, and a non-zero exit', async () => {
    await ensureBuilt();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      ETH_RPC_URL: process.env.TEST_DEVNET_RPC_URL, // no devnet of its own: the database is what fails
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(child, 'close')) as [number | null];

    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^Embedded PostgreSQL cannot start: postgres stopped before accepting connections \(exit code [1-9]\d*\): .+\. Set DATABASE_URL to a PostgreSQL server of your own \(postgresql:\/\/user:pass@host:5432\/db\) to run without it\.$/,
      ),
    ]);
  }, 300_000); // the build takes most of it
});
