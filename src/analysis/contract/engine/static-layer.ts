import { LRUCache } from 'lru-cache';
import { contractInfo } from 'evmole';
import type { Hex } from 'viem';

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
  storage: StorageRecord[];
}

/**
 * Codes analysed lately (a scan reads the same code for the token's interface, its selectors and the
 * power engine): evmole's storage analysis is the costliest part of the static layer.
 */
const analysed = new LRUCache<string, StaticInfo>({ max: 256 });

/** Selectors, argument types, state mutability and the storage each function touches (evmole, WASM). */
export function staticInfo(code: Hex): StaticInfo {
  const key = code.toLowerCase();
  const known = analysed.get(key);
  if (known) return known;
  // Shared by every caller from now on: frozen, so none can change what the others read.
  const result = analyse(code);
  Object.freeze(result.functions);
  Object.freeze(result.storage);
  analysed.set(key, Object.freeze(result));
  return result;
}

function analyse(code: Hex): StaticInfo {
  const info = contractInfo(code, { selectors: true, arguments: true, stateMutability: true, storage: true });
  const functions = (info.functions ?? []).map((f) => ({
    selector: `0x${f.selector}` as Hex,
    arguments: f.arguments ?? '',
    mutability: (f.stateMutability ?? 'nonpayable') as Mutability,
  }));
  const storage = (info.storage ?? []).map((s) => ({
    slot: BigInt(`0x${s.slot}`),
    offset: s.offset,
    type: s.type,
    reads: s.reads.map((r) => `0x${r}` as Hex),
    writes: s.writes.map((w) => `0x${w}` as Hex),
  }));
  return { functions, storage };
}

/** Plain (non-mapping) slots: the ones a prefetch can name before anything runs. */
export function plainSlots(info: StaticInfo): bigint[] {
  const slots = info.storage.filter((s) => !s.type.startsWith('mapping') && !s.type.endsWith('[]')).map((s) => s.slot);
  return [...new Set(slots)];
}
