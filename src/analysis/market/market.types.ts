import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';

export interface MarketRequest {
  chain: ChainKey;
  address: Address;
  decimals: number;
  /** Raw units. */
  totalSupply: bigint;
  /** Used for pair labels ("SYM/WETH"); read on chain (same multicall) when absent. */
  symbol?: string;
}

/** See LIQUIDITY_THRESHOLDS_USD in market-math.ts; UNKNOWN when no USD price of the quote exists. */
export type LiquidityStatus = 'EXCELLENT' | 'GOOD' | 'MODERATE' | 'LOW' | 'VERY_LOW' | 'NONE' | 'UNKNOWN';

export interface QuotePrice {
  symbol: string;
  address: Address;
  usd: number | null;
  /** stablecoin: taken as 1 USD; pair: from the reserves of `pair` (wrapped native against a stablecoin). */
  source: 'stablecoin' | 'pair' | 'none';
  pair: Address | null;
  dex: string | null;
}

export interface TradingPair {
  dex: string;
  /** V2 pair, V3 pool (concentrated liquidity) or Solidly pool. */
  kind: 'v2' | 'v3' | 'solidly';
  /** V3 fee tier in hundredths of a bip (3000 = 0.3 %); null for the other kinds. */
  feeTier: number | null;
  /** Solidly curve (true: stable); null for the other kinds. */
  stable: boolean | null;
  /** "TOKEN/QUOTE" with symbols. */
  pair: string;
  address: Address;
  quoteSymbol: string;
  quoteAddress: Address;
  /** Raw reserves at `evidence.blockNumber` (V3: the pool's token balances). */
  tokenReserve: string;
  quoteReserve: string;
  priceInQuote: number | null;
  priceUsd: number | null;
  /** 2 × the quote side's USD value (V3: both sides held, at the pool's price); null when the quote has no USD price. */
  liquidityUsd: number | null;
  volume24hUsd: number | null;
  /** Quote-token volume over the window, raw units. */
  volume24hQuote: string | null;
  swaps24h: number | null;
}

export interface BlockWindow {
  fromBlock: number;
  toBlock: number;
  fromTimestamp: number;
  toTimestamp: number;
  /** fromBlock is exactly the first block of the window (false: interpolated or truncated). */
  exact: boolean;
}

export interface MarketEvidence {
  blockNumber: number | null;
  blockTimestamp: number | null;
  /** The pair the price and its 24 h change come from (the deepest). */
  pricePair: Address | null;
  quotePrices: QuotePrice[];
  window: BlockWindow | null;
  /** How the quote's USD price 24 h ago was found. */
  quoteUsd24hAgoSource: 'stablecoin' | 'logs' | 'current' | null;
  /** Raw balances excluded from the circulating supply. */
  burned: { zero: string; dead: string };
  /** Why logs-based figures are missing, when they are. */
  logsError: string | null;
}

export interface MarketSection {
  /** At least one pair with liquidity exists. */
  listed: boolean;
  priceUsd: number | null;
  priceChange24hPercent: number | null;
  marketCapUsd: number | null;
  /** Raw units: total supply minus the zero and 0x…dEaD balances. */
  circulatingSupply: string;
  volume24hUsd: number | null;
  liquidity: { totalUsd: number | null; status: LiquidityStatus };
  tradingPairs: TradingPair[];
  evidence: MarketEvidence;
}
