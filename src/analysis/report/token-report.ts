import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';
import type { CreatorSection } from '../creator/creator.types';
import type { HolderSection } from '../holders/holders.types';
import type { MarketSection } from '../market/market.types';
import type { SocialSection } from '../social/social.types';
import type { ScoreCard } from '../scoring/scoring';
import type { SecuritySection } from './sections';
import type { SniperSection, WashTradingSection } from '../trading/trading.types';

/** Report sections a caller can ask for (spec: `features`). */
export const FEATURES = [
  'security',
  'market',
  'holder_analysis',
  'wash_trading',
  'sniper_analysis',
  'link_analysis',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Sections the engine computes (all of the spec's). */
export const ANALYSED_FEATURES: readonly Feature[] = FEATURES;

export interface TokenFacts {
  name: string;
  symbol: string;
  decimals: number;
  /** Raw units, decimal text. */
  totalSupply: string;
  owner: Address | null;
}

/** A requested section that could not be finished, and why (the report is served without it). */
export interface IncompleteSection {
  section: Feature;
  reason: string;
  /** The id the failure was logged under, when it was an unexpected error. */
  reference?: string;
}

/**
 * The pasted address a report was resolved from, when it was not the token itself. Not part of the
 * cached analysis (the pair and its token share one): the scan adds it to the report it serves.
 */
export interface ResolvedFrom {
  /** The address the caller gave. */
  address: Address;
  /** A Uniswap-V2-style pair (LP token), a V3-style or a Solidly-style pool, that a configured DEX's factory lists. */
  kind: 'v2_pair' | 'v3_pool' | 'solidly_pool';
  /** The DEX whose factory lists the pair. */
  dex: string;
  /** Which of the pair's tokens the report is for. */
  side: 'token0' | 'token1';
  /** The pair's other token. */
  pairedWith: Address;
  /** Why that side: the one that is not a quote token; else token0 (both or neither are quote tokens). */
  rule: 'non_quote_side' | 'both_quote_token0' | 'no_quote_token0';
  /** One sentence saying so, shown by every surface. */
  note: string;
}

/**
 * The one canonical report. Every surface presents this object; nothing is computed twice.
 * Plain JSON (raw amounts as decimal strings), so it can be cached as is.
 */
export interface TokenReport {
  /** The key the chain was asked for and is served under (`eth`). */
  chain: ChainKey;
  /** The id of the chain that answered: 1 for `eth` on a mainnet node, 31337 on the embedded devnet. */
  chainId: number;
  /** Long name of the chain that answered (`Ethereum`, `Local devnet`). */
  chainName: string;
  /** True when the chain is the embedded local devnet. */
  servedByDevnet: boolean;
  address: Address;
  /** Set when the caller pasted a pair address and this report is for its token. */
  resolvedFrom?: ResolvedFrom;
  token: TokenFacts;
  /**
   * Who deployed the token, what they hold now and which of their other tokens we have scanned.
   * Part of every report whatever the features (absent on reports stored before it existed); its
   * lookup failing leaves it `unknown`, never fails the scan.
   */
  creator?: CreatorSection;
  /** The sections this report holds. */
  features: Feature[];
  security?: SecuritySection;
  market?: MarketSection;
  holders?: HolderSection;
  washTrading?: WashTradingSection;
  snipers?: SniperSection;
  /** Links, sentiment and social score (`link_analysis`); not part of service_score. */
  social?: SocialSection;
  /** Requested sections left out because their analysis failed; such a report is never cached. */
  incomplete?: IncompleteSection[];
  scores: ScoreCard;
  /** A short description of the token and how sure we are of it (0–1). */
  description: { text: string; confidence: number; source: 'verified_source' | 'on_chain_facts' };
  generatedAt: string;
  analysisMs: number;
}

/** A report as served: fresh, or from the cache with its age. */
export interface ServedReport {
  report: TokenReport;
  cacheStatus: 'FRESH' | 'CACHED';
  ageSeconds: number;
  /** Requested sections still running when the scan's deadline passed: left out of `report`, finished in the background. */
  pending?: Feature[];
}
