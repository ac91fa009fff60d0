import type { TokenLabel, TokenLabels } from '../devnet-manifest';

export const E18 = 10n ** 18n;
export const USDC_UNIT = 10n ** 6n;
export const SUPPLY = 1_000_000_000n * E18;

export interface TokenSpec {
  label: TokenLabel;
  /** Contract name in contracts/ (TokenProxy wraps UpgradeableToken for `proxy`). */
  contract: string;
  name: string;
  symbol: string;
  quote: 'WETH' | 'USDC';
  /** Quote-side liquidity in whole units (ETH or USD). Half the supply goes in the pool. */
  liquidity: bigint;
  /** Needs setPair before liquidity so it can tell trades from transfers. */
  pairAware: boolean;
  /** Largest organic buy in quote units (keeps limiter buys under its max transaction). */
  maxBuy: number;
  labels: Partial<TokenLabels>;
}

/** Deployment order matters: it fixes every address. Append new tokens at the end only. */
export const TOKEN_SPECS: TokenSpec[] = [
  {
    label: 'clean',
    contract: 'CleanToken',
    name: 'Clean Token',
    symbol: 'CLEAN',
    quote: 'WETH',
    liquidity: 200n,
    pairAware: false,
    maxBuy: 3,
    labels: { owner_renounced: true },
  },
  {
    label: 'honeypot',
    contract: 'HoneypotToken',
    name: 'Honey Pot',
    symbol: 'HONEY',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: true,
    maxBuy: 2,
    labels: { is_honeypot: true, can_blacklist: true },
  },
  {
    label: 'taxed',
    contract: 'TaxedToken',
    name: 'Taxed Token',
    symbol: 'TAXED',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: true,
    maxBuy: 2,
    labels: { buy_tax: 5, sell_tax: 25 },
  },
  {
    label: 'powers',
    contract: 'PowersToken',
    name: 'Powers Token',
    symbol: 'POWER',
    quote: 'USDC',
    liquidity: 250_000n,
    pairAware: false,
    maxBuy: 5000,
    labels: { can_mint: true, can_pause: true, can_blacklist: true },
  },
  {
    label: 'proxy',
    contract: 'TokenProxy',
    name: 'Proxy Token',
    symbol: 'PRXY',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: false,
    maxBuy: 2,
    labels: { is_proxy: true },
  },
  // can_mint: the owner CAN raise supply, just not through a function named mint.
  {
    label: 'hidden_mint',
    contract: 'HiddenMintToken',
    name: 'Reward Token',
    symbol: 'RWRD',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: false,
    maxBuy: 2,
    labels: { hidden_mint: true, can_mint: true },
  },
  {
    label: 'limiter',
    contract: 'LimiterToken',
    name: 'Limiter Token',
    symbol: 'LIMIT',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: true,
    maxBuy: 1,
    labels: { has_limits: true },
  },
  {
    label: 'washed',
    contract: 'PlainToken',
    name: 'Washed Token',
    symbol: 'WASH',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: false,
    maxBuy: 2,
    labels: { wash_trading: true },
  },
  {
    label: 'sniped',
    contract: 'PlainToken',
    name: 'Sniped Token',
    symbol: 'SNIPE',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: false,
    maxBuy: 2,
    labels: { sniper_count: 5 },
  },
  {
    label: 'unverified',
    contract: 'UnverifiedToken',
    name: 'Mystery Token',
    symbol: 'MYST',
    quote: 'WETH',
    liquidity: 100n,
    pairAware: false,
    maxBuy: 2,
    labels: { verified: false },
  },
  {
    label: 'rug',
    contract: 'PlainToken',
    name: 'Rug Token',
    symbol: 'RUG',
    quote: 'WETH',
    liquidity: 80n,
    pairAware: false,
    maxBuy: 2,
    labels: { rugged: true },
  },
];

export function fullLabels(partial: Partial<TokenLabels>): TokenLabels {
  return {
    is_honeypot: false,
    buy_tax: 0,
    sell_tax: 0,
    can_mint: false,
    can_pause: false,
    can_blacklist: false,
    is_proxy: false,
    hidden_mint: false,
    has_limits: false,
    verified: true,
    owner_renounced: false,
    wash_trading: false,
    sniper_count: 0,
    rugged: false,
    ...partial,
  };
}

/** Seconds, relative to the history start. */
export const HOUR = 3600;
export const DAY = 24 * HOUR;
/** History length: setup at t=0, then 3 days of trading; the last block is "now" at build time. */
export const HISTORY_SECONDS = 3 * DAY + 6 * HOUR;
export const DEADLINE = 99_999_999_999n;
