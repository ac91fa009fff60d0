import { rmSync } from 'node:fs';
import type { Address } from 'viem';
import { join, resolve } from 'node:path';
import { probe, spawnAnvil, waitForRpc, type AnvilProcess } from './anvil';
import { compileContracts } from './compile';
import { worldFingerprint } from './fingerprint';
import { readManifest, writeManifest, type DevnetManifest, type TrapToken } from './devnet-manifest';
import { socialPostsFor, writeSocialPosts } from './devnet-social';
import {
  devnetFiles,
  isLineage,
  isUsable,
  newLineage,
  readMarker,
  readSavedMeta,
  removeMarker,
  writeMarker,
  writeSavedState,
  type DevnetFiles,
  type SavedMeta,
} from './state-files';
import { Rpc } from './world/rpc';
import { buildWorld, CHAIN_ID } from './world/build';
import { HISTORY_SECONDS } from './world/specs';

export interface DevnetOptions {
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Holds devnet/ (state files, see state-files.ts) and contracts-cache/, e.g. '.data' (relative to the cwd). */
  dataDir: string;
  log?: (msg: string) => void;
  /**
   * A saved state whose history ended longer ago than this is rebuilt (default 12 h). New blocks
   * are stamped with wall-clock time, so an old history would fall out of the service's
   * "last 24 h" windows as soon as anything is mined; 12 h keeps half the last day in view.
   */
  maxStateAgeHours?: number;
  /**
   * Keep the chain across restarts (the service and `npm run devnet`): stop() saves it to
   * live.json, the next start resumes it. Without it every start begins at the built world.
   */
  persist?: boolean;
}

export interface DevnetHandle {
  rpcUrl: string;
  chainId: number;
  manifest: DevnetManifest;
  /** True when an already running devnet was found on the port (stop() is then a no-op). */
  reused: boolean;
  /** How this handle came to be: reused a running node, resumed the saved live chain, loaded the built world, or built it. */
  mode: 'reused' | 'resumed' | 'loaded' | 'built';
  /**
   * The chain's lineage (8 hex): new whenever the chain starts from the built world, the same while it is
   * resumed. Undefined only for a reused node that left no session marker in this data dir.
   */
  lineage?: string;
  /** Set when this start rewound a chain that had a lineage (crash, or a saved chain that could not be used). */
  previousLineage?: string;
  stop(): Promise<void>;
}

/** Where this start's chain comes from, and whether stop() saves it. */
interface Origin {
  live?: SavedMeta;
  lineage: string;
  previousLineage?: string;
  persist: boolean;
}

export async function startDevnet(opts: DevnetOptions): Promise<DevnetHandle> {
  const host = opts.host ?? '127.0.0.1';
  const rpcUrl = `http://${host}:${opts.port}`;
  const log = opts.log ?? (() => undefined);
  const files = devnetFiles(opts.dataDir);

  const running = await probe(rpcUrl);
  if (running !== undefined) return reuse({ rpcUrl, port: opts.port, chainId: running, files });

  const fingerprint = worldFingerprint();
  const rules = { fingerprint, maxAgeSeconds: (opts.maxStateAgeHours ?? 12) * 3600, log };
  const origin = opts.persist
    ? await chooseOrigin({ files, host, port: opts.port, rules })
    : { lineage: newLineage(), persist: false };
  const session = {
    files,
    fingerprint,
    lineage: origin.lineage,
    previousLineage: origin.previousLineage,
    persist: origin.persist,
    port: opts.port,
    log,
  };

  // Resume the saved live chain, else load the built world, else build it.
  const built = origin.live ? undefined : readSavedMeta(files.state, log);
  const saved = origin.live
    ? {
        path: files.live,
        meta: origin.live,
        mode: 'resumed' as const,
        what: 'resumed the chain saved at the last stop',
      }
    : built && isUsable(built, rules)
      ? { path: files.state, meta: built, mode: 'loaded' as const, what: 'loaded the built world' }
      : undefined;
  if (saved) {
    const anvil = spawnAnvil({ host, port: opts.port, loadState: saved.path });
    return withCleanup(anvil, async () => {
      await waitForRpc(rpcUrl, anvil.child, 60_000);
      writeManifest(saved.meta.manifest);
      log(`devnet: ${saved.what} (${saved.path}, lineage ${origin.lineage})`);
      return handle({ rpcUrl, manifest: saved.meta.manifest, mode: saved.mode, anvil, session });
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
    writeSavedState(files.state, { fingerprint, manifest }, await rpc.call<string>('anvil_dumpState', []));
    writeManifest(manifest);
    writeSocialPosts(socialPostsFor(manifest));
    log(`devnet: built and saved the world (${files.state}, lineage ${origin.lineage})`);
    return handle({ rpcUrl, manifest, mode: 'built', anvil, session });
  });
}

/**
 * A persisting start resumes live.json unless a session marker says the last session did not stop
 * cleanly: then live.json may be older than what was recorded against the chain, so the chain starts
 * over from the built world under a new lineage. A marker of a session still running on another port
 * means that session owns the saved chain: this one starts from the built world and saves nothing.
 */
async function chooseOrigin(input: {
  files: DevnetFiles;
  host: string;
  port: number;
  rules: Parameters<typeof isUsable>[1];
}): Promise<Origin> {
  const { files, host, port, rules } = input;
  const marker = readMarker(files.open);
  if (marker) {
    if (marker.port !== port && (await probe(`http://${host}:${marker.port}`)) === CHAIN_ID) {
      rules.log(
        `devnet: the saved chain belongs to the session on port ${marker.port} (pid ${marker.pid}); this one starts from the built world and is not saved`,
      );
      return { lineage: newLineage(), persist: false };
    }
    rules.log(
      `devnet: the last session (lineage ${marker.lineage || 'unknown'}) did not stop cleanly; starting over from the built world`,
    );
    rmSync(files.live, { force: true });
    return { lineage: newLineage(), previousLineage: marker.lineage || undefined, persist: true };
  }
  const live = readSavedMeta(files.live, rules.log);
  if (live && isLineage(live.lineage) && isUsable(live, rules)) return { live, lineage: live.lineage, persist: true };
  return { lineage: newLineage(), previousLineage: isLineage(live?.lineage) ? live.lineage : undefined, persist: true };
}

/**
 * A port already serving our devnet is shared (never stopped by us); anything else is an error. Its lineage is
 * the one its session marker in this data dir names (`npm run devnet` and the service write one).
 */
async function reuse(input: {
  rpcUrl: string;
  port: number;
  chainId: number | 'other';
  files: DevnetFiles;
}): Promise<DevnetHandle> {
  const { rpcUrl, port, chainId } = input;
  const fail = (why: string): never => {
    throw new Error(
      `devnet: port ${port} is already in use by something that is not this devnet (${why}); stop it or pick another port`,
    );
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
    ...(Object.values(manifest.contracts) as Address[]),
    ...Object.values(manifest.tokens).map((t) => t.address),
    manifest.pools.WETH_USDC.address,
    ...Object.values(manifest.backdoors ?? {}).map((b) => b.address),
    ...(Object.values(manifest.traps ?? {}) as TrapToken[]).map((t) => t.address),
    ...(manifest.liquidity
      ? [manifest.liquidity.locker.address, manifest.liquidity.locked.address, manifest.liquidity.pullable.address]
      : []),
  ];
  const codes = await rpc.batch<string>(addresses.map((a) => ({ method: 'eth_getCode', params: [a, 'latest'] })));
  if (codes.some((c) => c === '0x')) fail('the manifest contracts have no code there');
  const marker = readMarker(input.files.open);
  const lineage = marker?.port === port && isLineage(marker.lineage) ? marker.lineage : undefined;
  return {
    rpcUrl,
    chainId: CHAIN_ID,
    manifest: { ...manifest, rpcUrl },
    reused: true,
    mode: 'reused',
    lineage,
    stop: async () => undefined,
  };
}

interface Session {
  files: DevnetFiles;
  fingerprint: string;
  lineage: string;
  previousLineage?: string;
  persist: boolean;
  port: number;
  log: (m: string) => void;
}

function handle(input: {
  rpcUrl: string;
  manifest: DevnetManifest;
  mode: 'resumed' | 'loaded' | 'built';
  anvil: AnvilProcess;
  session: Session;
}): DevnetHandle {
  const { rpcUrl, manifest, mode, anvil, session } = input;
  const { lineage, previousLineage } = session;
  if (!session.persist) {
    return {
      rpcUrl,
      chainId: CHAIN_ID,
      manifest: { ...manifest, rpcUrl },
      reused: false,
      mode,
      lineage,
      previousLineage,
      stop: () => anvil.stop(),
    };
  }
  writeMarker(session.files.open, { lineage, pid: process.pid, anvilPid: anvil.child.pid, port: session.port });
  let stopping: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    const saved = await saveLive({ rpcUrl, manifest, anvil, session });
    await anvil.stop();
    // Only a saved chain clears the marker: otherwise the next start must not trust live.json.
    if (saved) removeMarker(session.files.open, lineage);
  };
  return {
    rpcUrl,
    chainId: CHAIN_ID,
    manifest: { ...manifest, rpcUrl },
    reused: false,
    mode,
    lineage,
    previousLineage,
    stop: () => (stopping ??= stop()),
  };
}

/** Dumps the running chain to live.json; false when anvil is gone or the dump fails. */
async function saveLive(input: {
  rpcUrl: string;
  manifest: DevnetManifest;
  anvil: AnvilProcess;
  session: Session;
}): Promise<boolean> {
  const { anvil, session } = input;
  if (anvil.child.exitCode !== null || anvil.child.signalCode !== null) {
    session.log('devnet: anvil exited before the stop; the chain could not be saved (the next start rewinds)');
    return false;
  }
  try {
    const dump = await new Rpc(input.rpcUrl).call<string>('anvil_dumpState', []);
    writeSavedState(
      session.files.live,
      { fingerprint: session.fingerprint, manifest: input.manifest, lineage: session.lineage },
      dump,
    );
    session.log(`devnet: saved the chain (${session.files.live}, lineage ${session.lineage})`);
    return true;
  } catch (err) {
    session.log(
      `devnet: saving the chain failed (${err instanceof Error ? err.message : String(err)}); the next start rewinds`,
    );
    return false;
  }
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
