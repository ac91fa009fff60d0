import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DevnetManifest } from './devnet-manifest';

/**
 * The files of `<dataDir>/devnet/`:
 * - `state.json`: the built world (written once per build, never by a running session);
 * - `live.json`: the chain as a persisting session left it at its last graceful stop;
 * - `open`: the marker of a persisting session that has not stopped gracefully (yet).
 * Both JSON files are anvil's own state dump (loaded with --load-state) with one extra top-level
 * key, `devnet`, that anvil ignores.
 */
export interface DevnetFiles {
  state: string;
  live: string;
  open: string;
}

export function devnetFiles(dataDir: string): DevnetFiles {
  const dir = join(resolve(dataDir), 'devnet');
  return { state: join(dir, 'state.json'), live: join(dir, 'live.json'), open: join(dir, 'open') };
}

export interface SavedMeta {
  fingerprint: string;
  manifest: DevnetManifest;
  /** Only in live.json: the chain lineage the dump continues. */
  lineage?: string;
}

/** Who runs a persisting session: the lineage it serves, the owner process and anvil's port. */
export interface SessionMarker {
  lineage: string;
  pid: number;
  anvilPid?: number;
  port: number;
}

const LINEAGE = /^[0-9a-f]{8}$/;

/**
 * A chain lineage: a new one each time a chain starts from the built world, carried over while the
 * chain is resumed from live.json. What is recorded against a chain is valid only for its lineage.
 */
export const newLineage = (): string => randomBytes(4).toString('hex');
export const isLineage = (value: unknown): value is string => typeof value === 'string' && LINEAGE.test(value);

/** The `devnet` key of a state file, or undefined when the file is missing or unreadable. */
export function readSavedMeta(path: string, log: (m: string) => void): SavedMeta | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const meta = (JSON.parse(readFileSync(path, 'utf8')) as { devnet?: SavedMeta }).devnet;
    if (meta?.fingerprint && meta.manifest?.history) return meta;
  } catch {
    /* reported below */
  }
  log(`devnet: ${path} is unreadable; ignoring it`);
  return undefined;
}

/** Whether a saved state is of this world (same sources and builder) and recent enough for 24 h windows. */
export function isUsable(
  meta: SavedMeta,
  opts: { fingerprint: string; maxAgeSeconds: number; log: (m: string) => void },
): boolean {
  if (meta.fingerprint !== opts.fingerprint) {
    opts.log('devnet: saved state is from other sources/builder');
    return false;
  }
  if (meta.manifest.history.endTimestamp < Date.now() / 1000 - opts.maxAgeSeconds) {
    opts.log('devnet: saved history is too old for 24 h windows');
    return false;
  }
  return true;
}

/** Stores anvil's dump (hex of gzipped JSON) as plain JSON with our metadata as the first key (atomically). */
export function writeSavedState(path: string, meta: SavedMeta, dump: string): void {
  const anvilJson = gunzipSync(Buffer.from(dump.replace(/^0x/, ''), 'hex')).toString('utf8');
  if (!anvilJson.startsWith('{')) throw new Error('devnet: unexpected anvil_dumpState format');
  writeAtomically(path, `{"devnet":${JSON.stringify(meta)},${anvilJson.slice(1)}`);
}

export function readMarker(path: string): SessionMarker | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const marker = JSON.parse(readFileSync(path, 'utf8')) as SessionMarker;
    // An unreadable marker still says that a session did not stop cleanly.
    return isLineage(marker.lineage) ? marker : { lineage: '', pid: 0, port: 0 };
  } catch {
    return { lineage: '', pid: 0, port: 0 };
  }
}

export function writeMarker(path: string, marker: SessionMarker): void {
  writeAtomically(path, `${JSON.stringify(marker)}\n`);
}

/** Removes the marker only if it is still the given session's (a later session may have replaced it). */
export function removeMarker(path: string, lineage: string): void {
  if (readMarker(path)?.lineage === lineage) rmSync(path, { force: true });
}

function writeAtomically(path: string, content: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}
