import { keccak256 } from 'viem';
import { installEnginePatches, type EnginePatchStatus } from './runtime-patches';
import { STATIC_LIMITS, StorageLayoutCache, type StaticLimits } from './static-layer';

/** Hashes of short inputs kept across calls and scans. */
const KEPT_HASHES = 100_000;
/** Inputs longer than this are kept by array, not by content (see EngineRuntime.keccak). */
const SHORT_INPUT = 128;

/**
 * What the engine keeps between scans, owned by one object (hashes, storage layouts and the thread
 * that analyses them): the app's module provides one, the
 * benches and specs use defaultEngineRuntime(). Making one installs the engine's @ethereumjs
 * patches (once per process) and holds their status.
 */
export class EngineRuntime {
  readonly patches: EnginePatchStatus;
  /** Hashes of short inputs: mapping keys (a holder's balance slot) are hashed in nearly every call. */
  private readonly hashes = new Map<string, Uint8Array>();
  /**
   * Hashes of long inputs, by the array hashed and checked against a copy of it: the interpreter
   * hashes the whole code to name the place of every invalid jump (the `throw` of early Solidity).
   */
  private readonly longHashes = new WeakMap<Uint8Array, { copy: Uint8Array; hash: Uint8Array }>();

  /** evmole's storage layouts, analysed in their own thread within the limits' budget. */
  readonly layouts: StorageLayoutCache;

  constructor(limits: StaticLimits = STATIC_LIMITS) {
    this.patches = installEnginePatches();
    this.layouts = new StorageLayoutCache(limits);
  }

  /** Stops the layout thread (the service's shutdown); a later scan starts another. */
  close(): Promise<void> {
    return this.layouts.close();
  }

  /** keccak256 as the EVM's Common takes it, answered from the hashes kept when it can. */
  readonly keccak = (message: Uint8Array): Uint8Array => {
    if (message.length > SHORT_INPUT) return this.longKeccak(message);
    const id = Buffer.from(message.buffer, message.byteOffset, message.byteLength).toString('latin1');
    let hash = this.hashes.get(id);
    if (!hash) {
      if (this.hashes.size >= KEPT_HASHES) this.hashes.clear();
      hash = keccak256(message, 'bytes');
      this.hashes.set(id, hash);
    }
    return hash.slice();
  };

  private longKeccak(message: Uint8Array): Uint8Array {
    const known = this.longHashes.get(message);
    if (known && Buffer.compare(known.copy, message) === 0) return known.hash.slice();
    const hash = keccak256(message, 'bytes');
    this.longHashes.set(message, { copy: message.slice(), hash });
    return hash.slice();
  }
}

let fallback: EngineRuntime | null = null;

/** The runtime of callers outside the app (benches, specs), made on first use. */
export function defaultEngineRuntime(): EngineRuntime {
  return (fallback ??= new EngineRuntime());
}
