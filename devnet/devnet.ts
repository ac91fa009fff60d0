import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { probe, spawnAnvil, waitForRpc, type AnvilProcess } from './anvil';
import { compileContracts } from './compile';
import { worldFingerprint } from './fingerprint';
import { readManifest, writeManifest, type DevnetManifest } from './devnet-manifest';
import { socialPostsFor, writeSocialPosts } from './devnet-social';
import { Rpc } from './world/rpc';
import { buildWorld, CHAIN_ID } from './world/build';
import { HISTORY_SECONDS } from './world/specs';

export interface DevnetOptions {
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Holds devnet/state.json and contracts-cache/, e.g. '.data' (relative to the cwd). */
  dataDir: string;
  log?: (msg: string) => void;
  /**
   * A saved state whose history ended longer ago than this is rebuilt (default 12 h). New blocks
   * are stamped with wall-clock time, so an old history would fall out of the service's
   * "last 24 h" windows as soon as anything is mined; 12 h keeps half the last day in view.
   */
  maxStateAgeHours?: number;
}

export interface DevnetHandle {
  rpcUrl: string;
  chainId: number;
  manifest: DevnetManifest;
  /** True when an already running devnet was found on the port (stop() is then a no-op). */
  reused: boolean;
  /** How this handle came to be: reused a running node, loaded a saved state, or built the world. */
  mode: 'reused' | 'loaded' | 'built';
  stop(): Promise<void>;
}

/**
 * `<dataDir>/devnet/state.json` is anvil's own state file (loaded with --load-state: blocks,
 * receipts and logs included) with one extra top-level key, `devnet`, that anvil ignores.
 */
interface SavedMeta {
  fingerprint: string;
  manifest: DevnetManifest;
}

export async function startDevnet(opts: DevnetOptions): Promise<DevnetHandle> {
  const host = opts.host ?? '127.0.0.1';
  const rpcUrl = `http://${host}:${opts.port}`;
  const log = opts.log ?? (() => undefined);

  const running = await probe(rpcUrl);
  if (running !== undefined) return reuse(rpcUrl, opts.port, running);

  const fingerprint = worldFingerprint();
  const statePath = join(resolve(opts.dataDir), 'devnet', 'state.json');
  const saved = readSavedState(statePath, fingerprint, (opts.maxStateAgeHours ?? 12) * 3600, log);
  if (saved) {
    const anvil = spawnAnvil({ host, port: opts.port, loadState: statePath });
    return withCleanup(anvil, async () => {
      await waitForRpc(rpcUrl, anvil.child, 60_000);
      writeManifest(saved.manifest);
      log(`devnet: loaded saved state (${statePath})`);
      return handle(rpcUrl, saved.manifest, 'loaded', anvil);
    });
  }

  // Build: the history ends "now", so its last 24 h line up with the service's windows.
  const end = Math.floor(Date.now() / 1000) - 30;
  const t0 = end - HISTORY_SECONDS;
  const anvil = spawnAnvil({ host, port: opts.port, build: { genesisTimestamp: t0 - 60 } });
  return withCleanup(anvil, async () => {
    await waitForRpc(rpcUrl, anvil.child);
    const artifacts = compileContracts(join(resolve(opts.dataDir), 'contracts-cache'));
    log('devnet: building the world (cold build)');
    const manifest = await buildWorld(rpcUrl, artifacts, t0, fingerprint);
    const rpc = new Rpc(rpcUrl);
    await rpc.call('evm_setAutomine', [true]);
    writeSavedState(statePath, { fingerprint, manifest }, await rpc.call<string>('anvil_dumpState', []));
    writeManifest(manifest);
    writeSocialPosts(socialPostsFor(manifest));
    log(`devnet: built and saved state (${statePath})`);
    return handle(rpcUrl, manifest, 'built', anvil);
  });
}

/** A port already serving our devnet is shared (never stopped by us); anything else is an error. */
async function reuse(rpcUrl: string, port: number, chainId: number | 'other'): Promise<DevnetHandle> {
  const fail = (why: string): never => {
    throw new Error(`devnet: port ${port} is already in use by something that is not this devnet (${why}); stop it or pick another port`);
  };
  if (chainId !== CHAIN_ID) fail(chainId === 'other' ? 'not a JSON-RPC node' : `chain id ${chainId}`);
  let manifest: DevnetManifest;
  try {
    manifest = readManifest();
  } catch {
    return fail('no devnet/manifest.json to compare with');
  }
  const rpc = new Rpc(rpcUrl);
  // The pool too: a node still running an older world (without it) must not pass for this one.
  const addresses = [
    ...Object.values(manifest.contracts),
    ...Object.values(manifest.tokens).map((t) => t.address),
    manifest.pools.WETH_USDC.address,
    ...Object.values(manifest.backdoors ?? {}).map((b) => b.address),
  ];
  const codes = await rpc.batch<string>(addresses.map((a) => ({ method: 'eth_getCode', params: [a, 'latest'] })));
  if (codes.some((c) => c === '0x')) fail('the manifest contracts have no code there');
  return { rpcUrl, chainId: CHAIN_ID, manifest: { ...manifest, rpcUrl }, reused: true, mode: 'reused', stop: async () => undefined };
}

function handle(rpcUrl: string, manifest: DevnetManifest, mode: 'loaded' | 'built', anvil: AnvilProcess): DevnetHandle {
  return { rpcUrl, chainId: CHAIN_ID, manifest: { ...manifest, rpcUrl }, reused: false, mode, stop: () => anvil.stop() };
}

/** Never leave a half-started anvil behind when loading or building fails. */
async function withCleanup<T>(anvil: AnvilProcess, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

function readSavedState(path: string, fingerprint: string, maxAgeSeconds: number, log: (m: string) => void): SavedMeta | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const saved = (JSON.parse(readFileSync(path, 'utf8')) as { devnet?: SavedMeta }).devnet;
    if (saved?.fingerprint !== fingerprint) {
      log('devnet: saved state is from other sources/builder; rebuilding');
      return undefined;
    }
    if (saved.manifest.history.endTimestamp < Date.now() / 1000 - maxAgeSeconds) {
      log('devnet: saved history is too old for 24 h windows; rebuilding');
      return undefined;
    }
    return saved;
  } catch {
    log('devnet: saved state unreadable; rebuilding');
    return undefined;
  }
}

/** Stores anvil's dump (hex of gzipped JSON) as plain JSON with our metadata as the first key. */
function writeSavedState(path: string, meta: SavedMeta, dump: string): void {
  const anvilJson = gunzipSync(Buffer.from(dump.replace(/^0x/, ''), 'hex')).toString('utf8');
  if (!anvilJson.startsWith('{')) throw new Error('devnet: unexpected anvil_dumpState format');
  mkdirSync(join(path, '..'), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `{"devnet":${JSON.stringify(meta)},${anvilJson.slice(1)}`);
  renameSync(tmp, path);
}
