import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';
import type { Grade } from '../scoring/grades';

/**
 * A pool of the analysed token. MarketSection.tradingPairs[] fits as is: only the pair address and
 * its quote token are read (token0 is the lower of the two addresses in every V2-style pair).
 */
export interface TradingPairRef {
  address: Address;
  quoteAddress: Address;
  quoteSymbol?: string;
  dex?: string;
}

export interface TradingRequest {
  chain: ChainKey;
  address: Address;
  pairs: TradingPairRef[];
  decimals: number;
  /** Raw units. */
  totalSupply: bigint;
  /** The chain head when the caller already read it (market evidence.blockNumber): saves one request. */
  latestBlock?: number;
}

/**
 * analysed: the verdict stands. Anything else means "could not tell", never "clean":
 * no_pool (no pair given), no_trades (no swap in the window), no_liquidity (no Mint on any pair),
 * logs_unavailable (the node refused every log request).
 */
export type TradingStatus = 'analysed' | 'no_pool' | 'no_trades' | 'no_liquidity' | 'logs_unavailable';

/** How "who first funded this wallet" was answered; see funding-links.ts. */
export type FundingMethod = 'trace_filter' | 'unavailable' | 'not_needed';

export type WashReason = 'round_trip' | 'relay' | 'funding_cluster' | 'net_zero_high_volume';

export interface SuspiciousWallet {
  address: Address;
  reasons: WashReason[];
  /** Token units (bought + sold) over the window. */
  volume: number;
  bought: number;
  sold: number;
  /** Change of the wallet's token balance over the window (token units); see evidence.net_position_method. */
  net_position: number;
  trades: number;
  funder: Address | null;
}

export interface WashCluster {
  /** The wallet that sent every member its first native coin (not an exchange/hub). */
  funder: Address;
  wallets: Address[];
  /** Token units traded by the members over the window. */
  volume: number;
  /** Hand-overs between members: one bought, another sold the same amount a few blocks later. */
  relays: number;
}

export interface TradingWindow {
  from_block: number;
  to_block: number;
  from_timestamp: number | null;
  to_timestamp: number | null;
  /** The window was shortened because the node refused part of it (the newest blocks were kept). */
  truncated: boolean;
}

export interface WashTradingEvidence {
  pairs: Address[];
  swaps: number;
  traders: number;
  round_trips: number;
  relays: number;
  funding_method: FundingMethod;
  /** Wallets whose first funder was looked up. */
  funding_lookups: number;
  /** Funders ignored as exchanges/hubs (funded ≥ HUB_MIN_RECIPIENTS wallets). */
  hubs_ignored: Address[];
  /** balance_change: balanceOf at the window's end minus its start; swap_flow: bought − sold (no archive state). */
  net_position_method: 'balance_change' | 'swap_flow';
  logs_error: string | null;
}

export interface WashTradingSection {
  analysable: boolean;
  status: TradingStatus;
  detected: boolean;
  /** Share of the window's token volume judged wash; null when not analysable. */
  wash_volume_percent: number | null;
  /** Token units. */
  total_volume: number;
  wash_volume: number;
  suspicious_wallets: SuspiciousWallet[];
  clusters: WashCluster[];
  window: TradingWindow | null;
  evidence: WashTradingEvidence;
  score: number | null;
  grade: Grade | null;
}

export type SniperStatus = 'holding' | 'sold_partly' | 'sold_fully';

export interface Sniper {
  address: Address;
  /** Block of the first buy in the sniper window. */
  block: number;
  blocks_after_launch: number;
  /** Token units bought in the sniper window. */
  bought: number;
  /** Token units held now. */
  balance: number;
  /** From the balance now against what was bought: a transfer away also reads as sold. */
  status: SniperStatus;
  funder: Address | null;
  is_contract: boolean;
  in_bundle: boolean;
}

export interface SniperBundle {
  funder: Address;
  wallets: Address[];
  /** Block of the earliest funding transfer; same_block: every member was funded in it. */
  funding_block: number;
  same_block: boolean;
}

export interface SniperEvidence {
  pairs: Address[];
  funding_method: FundingMethod;
  hubs_ignored: Address[];
  logs_error: string | null;
}

export interface SniperSection {
  analysable: boolean;
  status: TradingStatus;
  /** The first Mint on any of the token's pairs: liquidity was added. */
  launch: { pair: Address; block: number } | null;
  /** Buys in blocks from_block..to_block (inclusive) are sniper buys. */
  window: { from_block: number; to_block: number; blocks: number } | null;
  sniper_count: number;
  snipers: Sniper[];
  bundles: SniperBundle[];
  sold_fully: number;
  sold_partly: number;
  still_holding: number;
  /** What the snipers bought, as a percent of total supply. */
  bought_percent_of_supply: number;
  /** What they hold now, as a percent of total supply. */
  holding_percent_of_supply: number;
  evidence: SniperEvidence;
  score: number | null;
  grade: Grade | null;
}
