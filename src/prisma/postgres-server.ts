import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { giveTo, type PostgresPlacement } from './postgres-placement';

export interface ClusterOptions {
  placement: PostgresPlacement;
  user: string;
  password: string;
  log: (line: string) => void;
}

/** Why the embedded server could not start, in one line; the service says it and names DATABASE_URL. */
export class EmbeddedPostgresError extends Error {
  override readonly name = 'EmbeddedPostgresError';
}

const READY = 'database system is ready to accept connections';

/** Creates the cluster with `initdb`: password auth for `user`, the password passed in a file only the server's user reads. */
export async function initCluster(opts: ClusterOptions): Promise<void> {
  const { databaseDir, runAs } = opts.placement;
  mkdirSync(databaseDir, { recursive: true });
  giveTo(runAs, databaseDir);
  const passwordFile = join(dirname(databaseDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${opts.password}\n`, { mode: 0o600 });
  giveTo(runAs, passwordFile);
  try {
    const initdb = run(opts.placement, 'initdb', [
      `--pgdata=${databaseDir}`,
      '--auth=password',
      `--username=${opts.user}`,
      `--pwfile=${passwordFile}`,
      '--lc-messages=C',
    ]);
    const output = collect(initdb, opts.log);
    const [code] = await exited(initdb);
    if (code !== 0) throw new EmbeddedPostgresError(`initdb failed (exit code ${code}): ${lastLine(output())}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

export interface ServerOptions {
  placement: PostgresPlacement;
  port: number;
  flags: string[];
  log: (line: string) => void;
}

/**
 * Starts `postgres` on the cluster and resolves once it accepts connections. The server is this process's child:
 * `stop()` asks it for a fast shutdown, and so does this process's exit, so a crash leaves no server behind
 * holding the port and the data directory.
 */
export async function startServer(opts: ServerOptions): Promise<{ stop(): Promise<void> }> {
  const { databaseDir } = opts.placement;
  const server = run(opts.placement, 'postgres', ['-D', databaseDir, '-p', String(opts.port), ...opts.flags]);
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);
  const ended = exited(server);
  const output = collect(server, opts.log);
  try {
    await new Promise<void>((resolve, reject) => {
      server.stderr!.on('data', () => output().includes(READY) && resolve());
      ended.then(
        ([code, signal]) =>
          reject(
            new EmbeddedPostgresError(
              `postgres stopped before accepting connections (${signal ?? `exit code ${code}`}): ${lastLine(output())}`,
            ),
          ),
        reject,
      );
    });
  } catch (err) {
    process.removeListener('exit', stopOnExit);
    throw err;
  }
  return {
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
      await ended;
    },
  };
}

function run(placement: PostgresPlacement, program: string, args: string[]): ChildProcess {
  const { runAs } = placement;
  return spawn(join(placement.binDir, program), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    // From a folder the server's user can enter: the caller's working directory may be closed to it.
    cwd: dirname(placement.databaseDir),
  });
}

/** Resolves with how the child ended; a child that could not be started at all rejects with why, in one line. */
function exited(child: ChildProcess): Promise<[number | null, NodeJS.Signals | null]> {
  return new Promise((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(new EmbeddedPostgresError(`cannot run ${child.spawnfile}: ${err.code ?? err.message}`)),
    );
    // `close`, not `exit`: by then all of its output has been read.
    child.once('close', (code, signal) => resolve([code, signal]));
  });
}

/** Relays the child's output to `log` and keeps it, for the last line an error quotes. */
function collect(child: ChildProcess, log: (line: string) => void): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    const message = chunk.toString('utf8');
    text = (text + message).slice(-8192);
    for (const line of message.split('\n')) if (line.trim()) log(line.trim());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

/** The most telling line of a failed run: PostgreSQL's last FATAL or ERROR, else its last line. */
function lastLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const telling = lines.filter((line) => /\b(FATAL|ERROR|PANIC)\b|^initdb: error/.test(line));
  return (telling.at(-1) ?? lines.at(-1) ?? 'no output').replace(/^.*?\b(FATAL|ERROR|PANIC):\s+/, '');
}
