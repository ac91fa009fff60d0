import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';

export interface SimulationRequest {
  chain: ChainKey;
  address: Address;
  /** The head the token's reads were answered at; without it no time-bomb probe runs (they override the block). */
  head?: { number: bigint; timestamp: bigint } | null;
}

/** V2-style pair, V3-style (concentrated liquidity) pool, or Solidly-style (stable/volatile) pool. */
export type PoolKind = 'v2' | 'v3' | 'solidly';

/** Why a simulation could not give an answer; never read as "safe". */
export type SimulationImpossibleReason =
  /** No pool (V2, V3 or Solidly) of the token against wrapped native or a stablecoin on any configured DEX. */
  | 'no_pool'
  /** Pairs exist, but only against a quote token that wrapped native cannot reach on that DEX. */
  | 'no_route'
  /** The deepest pool holds (next to) nothing: e.g. liquidity was pulled. */
  | 'insufficient_liquidity'
  /** The token is itself a quote token (wrapped native or a stablecoin). */
  | 'quote_token'
  /** The simulation call itself failed (reverted as a whole, out of gas, node refused state overrides). */
  | 'call_failed';

export type LegName = 'buy' | 'transfer' | 'sell';

/** One step of the simulated round trip; amounts are raw integer units as decimal strings. */
export interface TradeLeg {
  name: LegName;
  attempted: boolean;
  succeeded: boolean;
  /** buy: wrapped native spent; transfer: tokens sent; sell: tokens sold. */
  amountIn: string;
  /** What the router quoted (getAmountsOut) or, for the transfer, the amount sent. */
  expectedOut: string;
  /** What actually arrived (balance difference). */
  amountOut: string;
  /** Percent lost between expected and received, 2 decimals; null when not measurable. */
  taxPercent: number | null;
  gasUsed: number | null;
  revertReason: string | null;
}

export type ProbeOutcome = 'ok' | 'reverted' | 'not_run';

export interface SizeProbe {
  /** buy probes: share of total supply; sell probes: share of the tokens bought by the largest buy. */
  percent: number;
  outcome: ProbeOutcome;
  amountIn: string;
  amountOut: string;
  revertReason: string | null;
}

/** Max-transaction probe: decreasing sizes, each in isolation, until one succeeds. */
export interface TradeLimits {
  /** A buy or sell of some size reverted while a smaller one went through. */
  hasLimits: boolean;
  /** Largest buy that succeeded, as percent of total supply (a lower bound of the real limit). */
  maxBuyPercentOfSupply: number | null;
  /** Smallest buy that reverted, percent of supply (an upper bound), null when none did. */
  buyRevertedAtPercentOfSupply: number | null;
  /** Largest sell that succeeded, as percent of total supply. */
  maxSellPercentOfSupply: number | null;
  sellRevertedAtPercentOfSupply: number | null;
  /** Largest buy probe that the pool could fill; beyond it nothing was tried (percent of supply). */
  largestProbedPercentOfSupply: number | null;
  buyProbes: SizeProbe[];
  sellProbes: SizeProbe[];
}

export interface PoolCandidate {
  kind: PoolKind;
  dex: string;
  /** V3 fee tier in hundredths of a bip (3000 = 0.3 %); null for other kinds. */
  feeTier: number | null;
  /** Solidly curve (true: stable x³y + xy³, false: volatile x·y); null for other kinds. */
  stable: boolean | null;
  pair: Address;
  quote: Address;
  quoteSymbol: string;
  tokenReserve: string;
  quoteReserve: string;
  /** Quote-side reserve (V3 and Solidly: the pool's quote balance) valued in wrapped native, raw units; "0" when unreachable. */
  quoteValueInWrappedNative: string;
  routable: boolean;
}

export interface SimulationEvidence {
  blockNumber: number | null;
  sender: Address;
  simulator: Address;
  agent: Address;
  fundedWith: string;
  totalSupply: string | null;
  dex: string | null;
  /** Kind of the pool traded in (the deepest routable one). */
  poolKind: PoolKind | null;
  /**
   * The deepest pool was a V3 pool whose sell reverted (a fee-on-transfer token pays it short), so the
   * round trip went through the deepest pool of another kind; null otherwise (absent on older reports).
   */
  v3Refused?: { pool: Address; reason: string } | null;
  /** V2 or Solidly router; the pool itself for V3 (swapped with directly, paying in its callback). */
  router: Address | null;
  pair: Address | null;
  buyPath: Address[];
  sellPath: Address[];
  /** The sell was done by the agent that received the transfer (false: by the buyer itself). */
  soldByAgent: boolean;
  pools: PoolCandidate[];
}

export interface SimulationSection {
  /** True when a round trip was simulated and its numbers mean something. */
  possible: boolean;
  reason: SimulationImpossibleReason | null;
  /** Human explanation of `reason`, or of a failing leg. */
  detail: string | null;
  /** null when unknown (not possible, or the buy itself failed). */
  isHoneypot: boolean | null;
  honeypotReason: string | null;
  cannotBuy: boolean | null;
  cannotSell: boolean | null;
  /** The full holding could not be sold though a part could. */
  cannotSellAll: boolean | null;
  buyTax: number | null;
  sellTax: number | null;
  transferTax: number | null;
  gas: { buy: number | null; transfer: number | null; sell: number | null };
  legs: TradeLeg[];
  limits: TradeLimits | null;
  /**
   * The same round trip in the future (block overrides); null when no fair round trip was measured
   * now. Absent on reports stored before it existed.
   */
  timeBomb?: TimeBombCheck | null;
  /**
   * The same round trip in a real block's and transaction's surroundings, where its outcome differs
   * from the simulation's: a honeypot that tells the two apart. Absent on reports stored before it existed.
   */
  evasion?: SimulationEvasion[];
  evidence: SimulationEvidence;
}

/** One variable of a real block or transaction that changed the round trip's outcome. */
export interface SimulationEvasion {
  variable: 'block.coinbase' | 'tx.gasprice';
  /** The value a real trade has, in words. */
  value: string;
  /** The outcome in the simulator's surroundings, then in the real ones. */
  outcomes: [string, string];
}

/** One later round trip: the same call with the block number and timestamp moved forward. */
export interface TimeProbe {
  /** "+1 hour", "+1 day", "+7 days", "+1000 blocks". */
  label: string;
  afterSeconds: number;
  afterBlocks: number;
  /** The block number and timestamp (unix seconds) the call was made at. */
  blockNumber: number;
  timestamp: number;
  /** The round trip ran (a pool was found and the call answered). */
  possible: boolean;
  buySucceeded: boolean | null;
  sellSucceeded: boolean | null;
  buyTax: number | null;
  sellTax: number | null;
  /** Why the failing leg (or the call) failed. */
  revertReason: string | null;
}

export type TimeBombChange = 'sell_blocked' | 'sell_tax_rises' | 'buy_blocked' | 'buy_tax_rises';

/** What changes for a trader later without anyone sending a transaction. */
export interface TimeBombCheck {
  detected: boolean;
  change: TimeBombChange | null;
  /** One sentence: what changes, from what to what, and when. */
  detail: string | null;
  /** It takes effect after this offset (the last probe that still matched now; 0 = now) … */
  effectiveAfterSeconds: number | null;
  /** … and by this one (the first probe that shows it). */
  effectiveBySeconds: number | null;
  /** The timestamp of that first probe, ISO 8601. */
  effectiveBy: string | null;
  probes: TimeProbe[];
}

/** What happened when one real holder tried to sell what it holds (run as that holder, with eth_call). */
export type HolderSellOutcome = 'sold' | 'part_only' | 'cannot_sell' | 'no_balance' | 'no_pool' | 'call_failed';

export interface HolderSellResult {
  address: Address;
  /** balanceOf now, raw units; null when the call failed. */
  balance: string | null;
  /** What the Transfer logs say it holds, raw units. */
  indexedBalance: string;
  /** Chosen as one of the largest holders, one of the newest, or both. */
  picked: ('largest' | 'newest')[];
  outcome: HolderSellOutcome;
  /** Tokens offered in the sell that counts (the whole balance, or the hundredth that went through). */
  amountIn: string | null;
  amountOut: string | null;
  /** Percent lost between the router's quote and what arrived; null when nothing was sold. */
  taxPercent: number | null;
  revertReason: string | null;
  /** Holds less than its Transfer logs say: tokens left without a Transfer event. */
  siphoned: boolean;
}

/** Real holders' sells: can the people who already hold it get out, as a fresh buyer can? */
export interface HolderSellCheck {
  /** Holders whose sell was simulated (those with a balance). */
  checked: number;
  canSell: number;
  /** Only a hundredth of the holding could be sold (a size limit, not a trap). */
  partOnly: number;
  cannotSell: number;
  /** The highest tax a holder's sell paid, percent; null when nobody sold. */
  maxSellTax: number | null;
  /** At least half the holders (two or more) cannot sell, whatever a fresh buyer meets: a honeypot. */
  holderSellBlocked: boolean;
  detail: string | null;
  siphoned: { address: Address; indexedBalance: string; balance: string }[];
  holders: HolderSellResult[];
}
