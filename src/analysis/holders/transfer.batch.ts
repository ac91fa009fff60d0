import type { TransferLog } from './holders.types';

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A log as eth_getLogs returns it (hex quantities); `blockTimestamp` is sent by recent nodes only. */
export interface RawLog {
  topics: string[];
  data: string;
  blockNumber: string | null;
  logIndex: string | null;
  blockTimestamp?: string;
  removed?: boolean;
}

/**
 * Decodes an ERC-20 Transfer by hand (viem's generic decoder is ~50× slower, and this runs per log).
 * ERC-721 Transfers share the topic but index the token id (4 topics): those are skipped.
 */
export function parseTransferLog(raw: RawLog): TransferLog | undefined {
  if (raw.removed || raw.topics.length !== 3 || raw.blockNumber === null || raw.logIndex === null) return undefined;
  if (raw.data.length !== 66) return undefined;
  return {
    block: Number(raw.blockNumber),
    logIndex: Number(raw.logIndex),
    from: `0x${raw.topics[1].slice(26)}`.toLowerCase(),
    to: `0x${raw.topics[2].slice(26)}`.toLowerCase(),
    value: BigInt(raw.data),
    timestamp: raw.blockTimestamp === undefined ? undefined : Number(raw.blockTimestamp),
  };
}

/** Net change of one address over a batch, and its first incoming transfer in the batch. */
export interface HolderDelta {
  holder: string;
  delta: bigint;
  firstInBlock: number | null;
  /** Unix seconds; null when unknown. */
  firstInAt: number | null;
}

export interface TransferBatch {
  deltas: HolderDelta[];
  /** Transfers at or after the retention horizon (kept for the 24 h windows). */
  recent: TransferLog[];
  transfers: number;
}

/**
 * Folds a block-ordered run of transfers into one delta per address, so a batch costs one upsert
 * row per address however many times it moved. Zero-value transfers change nothing and are left
 * out entirely: they are the usual tool of address-poisoning spam, not new holders.
 */
export function foldTransfers(logs: TransferLog[], horizon: number): TransferBatch {
  const byHolder = new Map<string, HolderDelta>();
  const recent: TransferLog[] = [];
  const touch = (holder: string): HolderDelta => {
    let entry = byHolder.get(holder);
    if (!entry) {
      entry = { holder, delta: 0n, firstInBlock: null, firstInAt: null };
      byHolder.set(holder, entry);
    }
    return entry;
  };
  for (const log of logs) {
    if (log.value === 0n) continue;
    touch(log.from).delta -= log.value;
    const to = touch(log.to);
    to.delta += log.value;
    if (to.firstInBlock === null) {
      to.firstInBlock = log.block;
      to.firstInAt = log.timestamp ?? null;
    }
    if (log.timestamp !== undefined && log.timestamp >= horizon) recent.push(log);
  }
  return { deltas: [...byHolder.values()], recent, transfers: logs.length };
}
