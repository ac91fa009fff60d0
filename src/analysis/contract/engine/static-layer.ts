import { LRUCache } from 'lru-cache';
import { contractInfo } from 'evmole';
import type { Hex } from 'viem';
import { StorageLayouts, type RawStorageRecord } from './storage-layout';

export type Mutability = 'pure' | 'view' | 'nonpayable' | 'payable';

export interface FunctionInfo {
  selector: Hex;
  /** Comma-separated ABI types as evmole reads them from the calldata use ('' for none). */
  arguments: string;
  mutability: Mutability;
}

export interface StorageRecord {
  slot: bigint;
  offset: number;
  type: string;
  reads: Hex[];
  writes: Hex[];
}

export interface StaticInfo {
  functions: FunctionInfo[];
  /** evmole's storage layout; null when not asked for (a bare state), failed or outran STATIC_LIMITS.layoutMs (see plainSlots). */
  storage: StorageRecord[] | null;
}

export interface StaticLimits {
  /**
   * Wall-clock budget of one code's storage analysis; 0 skips it. A safety net, not a trim: the layout
   * decides which slots the engine may switch on, so a budget most codes could outrun would make a
   * verdict depend on the machine's load. Most codes take a few ms; the slowest corpus code, 1.3 s.
   */
  readonly layoutMs: number;
  /** Plain slots prefetched when the layout is unknown: Solidity places them from slot 0 up. */
  readonly fallbackSlots: number;
  /** An idle analysis thread holds a V8 isolate and evmole's memory: it goes after this long without work. */
  readonly idleMs: number;
}

export const STATIC_LIMITS: StaticLimits = Object.freeze({ layoutMs: 3_000, fallbackSlots: 64, idleMs: 60_000 });

/** Codes analysed lately: a scan reads the same code for the token's interface, its selectors and the power engine. */
const functionsCache = new LRUCache<string, FunctionInfo[]>({ max: 256 });

/** Selectors, argument types and state mutability (evmole, WASM): cheap, on the calling thread. */
export function functionsOf(code: Hex): FunctionInfo[] {
  const key = code.toLowerCase();
  const known = functionsCache.get(key);
  if (known) return known;
  const info = contractInfo(code, { selectors: true, arguments: true, stateMutability: true });
  // Shared by every caller from now on: frozen, so none can change what the others read.
  const functions = Object.freeze(
    (info.functions ?? []).map((f) => ({
      selector: `0x${f.selector}` as Hex,
      arguments: f.arguments ?? '',
      mutability: (f.stateMutability ?? 'nonpayable') as Mutability,
    })),
  ) as FunctionInfo[];
  functionsCache.set(key, functions);
  return functions;
}

/**
 * The storage each function reads and writes (evmole's analysis in its own thread, within budget), as
 * the engine's runtime keeps it. Asked only for a token with state: on a state where every slot reads
 * zero the engine needs no layout (every zero slot is an unset setting there, see settableSlots in
 * power-engine.ts), and the analysis is the costliest step on many codes.
 */
export class StorageLayoutCache {
  /** The layout being analysed or analysed: scans of one code at once share one analysis. */
  private readonly cache = new LRUCache<string, Promise<StorageRecord[] | null>>({ max: 256 });
  constructor(
    private readonly limits: StaticLimits = STATIC_LIMITS,
    private readonly layouts: Pick<StorageLayouts, 'layout' | 'close'> = new StorageLayouts({ idleMs: limits.idleMs }),
  ) {}

  /**
   * The layout, or null when evmole failed on the code or the analysis outran its budget. A layout
   * that outran its budget is not kept: the next scan of the code tries again, so a verdict never
   * rests on the machine's load at a code's first scan.
   */
  layout(code: Hex): Promise<StorageRecord[] | null> {
    if (this.limits.layoutMs <= 0) return Promise.resolve(null);
    const key = code.toLowerCase();
    const known = this.cache.get(key);
    if (known) return known;
    const forget = (): null => {
      this.cache.delete(key);
      return null;
    };
    const storage = this.layouts
      .layout(code, this.limits.layoutMs)
      .then((raw) => {
        if (raw === 'timeout') return forget();
        return raw ? (Object.freeze(raw.map(toRecord)) as StorageRecord[]) : null;
      })
      // A thread that cannot start is a missing layout, never a failed scan (nor one kept).
      .catch(forget);
    this.cache.set(key, storage);
    return storage;
  }

  /** Stops the analysis thread (the service's shutdown); a later analysis starts another. */
  close(): Promise<void> {
    return this.layouts.close();
  }
}

function toRecord(s: RawStorageRecord): StorageRecord {
  return {
    slot: BigInt(`0x${s.slot}`),
    offset: s.offset,
    type: s.type,
    reads: s.reads.map((r) => `0x${r}` as Hex),
    writes: s.writes.map((w) => `0x${w}` as Hex),
  };
}

/**
 * Declared slots: the ones a prefetch can name before anything runs. A dynamic array's slot holds
 * its length, which says where its entries are read (a checkpoint ledger's history): fetched late,
 * its entries would be misses of a third round trip. A mapping's own slot holds nothing. Without
 * the layout, the lowest slots: a slot beyond them is read in the second batch, with the misses.
 */
export function plainSlots(info: StaticInfo): bigint[] {
  if (!info.storage) return Array.from({ length: STATIC_LIMITS.fallbackSlots }, (_, i) => BigInt(i));
  const slots = info.storage.filter((s) => !s.type.startsWith('mapping')).map((s) => s.slot);
  return [...new Set(slots)];
}
