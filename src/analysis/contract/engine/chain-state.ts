import type { Address, Hex } from 'viem';

/** One storage slot of one account, as the engine asks for it. */
export interface SlotRef {
  address: Address;
  slot: Hex;
}

/** Everything the engine reads from the chain, keyed the same way it asks. */
export interface StateSnapshot {
  storage: Map<string, bigint>;
  code: Map<string, Hex>;
  balance: Map<string, bigint>;
  /** eth_call results keyed `to:data` (null when the call reverted). */
  calls: Map<string, Hex | null>;
}

export interface StateRequest {
  storage: SlotRef[];
  code: Address[];
  balance: Address[];
  calls?: { to: Address; data: Hex }[];
}

/** Block context the executions run in: the chain's head, so time- and block-gated code behaves as live. */
export interface BlockContext {
  number: bigint;
  timestamp: bigint;
  chainId: bigint;
}

/**
 * The engine's only door to the chain: one call is one batched JSON-RPC round trip.
 * A scan makes at most two (prefetch what the static layer predicts, then the misses).
 */
export abstract class ChainStateReader {
  abstract read(request: StateRequest): Promise<StateSnapshot>;
  /** The block every read is pinned to; known once the first read has returned. */
  abstract block(): BlockContext;
}

export function storageKey(address: string, slot: bigint): string {
  return `${address.toLowerCase()}:${slot.toString(16)}`;
}

export function emptySnapshot(): StateSnapshot {
  return { storage: new Map(), code: new Map(), balance: new Map(), calls: new Map() };
}

export function callKey(to: Address, data: Hex): string {
  return `${to.toLowerCase()}:${data.toLowerCase()}`;
}

export function mergeSnapshot(into: StateSnapshot, from: StateSnapshot): void {
  from.storage.forEach((v, k) => into.storage.set(k, v));
  from.code.forEach((v, k) => into.code.set(k, v));
  from.balance.forEach((v, k) => into.balance.set(k, v));
  from.calls.forEach((v, k) => into.calls.set(k, v));
}

/** A chain where nothing is deployed and no slot is set: the eval runs bare bytecode on it. */
export class EmptyChainState extends ChainStateReader {
  constructor(
    private readonly context: BlockContext = { number: 20_000_000n, timestamp: 1_750_000_000n, chainId: 1n },
  ) {
    super();
  }

  async read(request: StateRequest): Promise<StateSnapshot> {
    const snapshot = emptySnapshot();
    request.storage.forEach((ref) => snapshot.storage.set(storageKey(ref.address, BigInt(ref.slot)), 0n));
    request.code.forEach((a) => snapshot.code.set(a.toLowerCase(), '0x'));
    request.balance.forEach((a) => snapshot.balance.set(a.toLowerCase(), 0n));
    request.calls?.forEach((c) => snapshot.calls.set(callKey(c.to, c.data), null));
    return snapshot;
  }

  block(): BlockContext {
    return this.context;
  }
}
