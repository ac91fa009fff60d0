import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';

/**
 * Why an address is special. `pair`, `burn` and `zero` addresses are left out of the holder count
 * and the concentration shares; `contract` is informational (vaults, lockers, multisigs still count).
 */
export type HolderTag = 'pair' | 'burn' | 'zero' | 'contract';

/** From how many large holders moved in the last 24 h (thresholds in holder.labels.ts). */
export type WhaleActivityLabel = 'LOW' | 'MODERATE' | 'HIGH' | 'VERY_HIGH';

/** From the top-10 share of the circulating supply (thresholds in holder.labels.ts). */
export type DistributionLabel = 'HEALTHY' | 'MODERATE' | 'CONCENTRATED' | 'HIGHLY_CONCENTRATED';

export interface HolderAnalysisInput {
  chain: ChainKey;
  address: Address;
  /** totalSupply() read by the token-info analyzer, in raw units. */
  totalSupply: bigint;
  decimals: number;
  /** The token's DEX pairs (market analysis); excluded from the shares and tagged `pair`. */
  pairs?: Address[];
  /** The index brought up to the head already (HolderAnalyzer.index, started early); else analyze does it. */
  indexed?: Promise<IndexOutcome>;
}

export interface TopHolder {
  rank: number;
  address: Address;
  /** Raw units, decimal text. */
  balance: string;
  /** Balance in whole tokens (decimals applied), decimal text. */
  amount: string;
  /** Share of the total supply, in percent (2 decimals). */
  percentage: number;
  tags: HolderTag[];
  /** True for pair, burn and zero addresses: not counted in the shares. */
  excluded: boolean;
}

export interface HolderEvidence {
  source: 'transfer_logs';
  /** The chain head this scan indexed to, and its time (the 24 h windows end there). */
  head_block: number;
  head_time: string;
  window_start: string;
  /** Blocks applied by this scan ([from, to]); null when the index was already up to date. */
  indexed_this_scan: { from_block: number; to_block: number; transfers: number } | null;
  get_logs_requests: number;
  /** eth_getLogs calls a node refused (range too large / too many results) and that were retried smaller. */
  range_refusals: number;
  /** Total supply minus what burn addresses hold: the denominator of the top-10/100 shares. */
  circulating_supply: string;
  burned_balance: string;
  /** Sum of all balances the Transfer logs account for (mints minus burns). */
  indexed_supply: string;
  /** False when balances changed without Transfer events (hidden mint, rebasing, reflection). */
  supply_matches_logs: boolean;
  /** A large holder held at least this (raw units) now or 24 h ago; a large transaction moved at least this. */
  large_holder_min: string;
  large_transaction_min: string;
  large_holders_moved_24h: number;
  excluded_addresses: Array<{ address: Address; tags: HolderTag[] }>;
}

/** The holder section of a token report. */
export interface HolderSection {
  /** Addresses with a positive balance, pair, burn and zero addresses left out. */
  total_holders: number;
  /** Share of the circulating supply held by the 10 / 100 largest holders that are not excluded. */
  top_10_percentage: number;
  top_100_percentage: number;
  whale_activity: WhaleActivityLabel;
  distribution: DistributionLabel;
  recent_activity: {
    /** Addresses whose first incoming transfer (of a non-zero amount) is in the last 24 h of chain time. */
    new_holders_24h: number;
    /** Transfers of at least 1% of the total supply in the last 24 h of chain time. */
    large_transactions: number;
  };
  /** The largest balances, excluded addresses included (flagged), contracts tagged. */
  top_holders: TopHolder[];
  indexed_to_block: number;
  evidence: HolderEvidence;
}

/** One ERC-20 Transfer log, decoded. */
export interface TransferLog {
  block: number;
  logIndex: number;
  /** Lowercase hex addresses. */
  from: string;
  to: string;
  value: bigint;
  /** Unix seconds of the block, when known. */
  timestamp?: number;
}

export interface ChainHead {
  number: number;
  /** Unix seconds. */
  timestamp: number;
}

/** What one indexing run did (shared by every caller that joined it). */
export interface IndexOutcome {
  head: ChainHead;
  indexedToBlock: number;
  /** First block this run applied, when it applied any. */
  fromBlock: number | null;
  transfersApplied: number;
  getLogsRequests: number;
  rangeRefusals: number;
}
