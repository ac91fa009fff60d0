import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';

export interface SimulationRequest {
  chain: ChainKey;
  address: Address;
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
  evidence: SimulationEvidence;
}
