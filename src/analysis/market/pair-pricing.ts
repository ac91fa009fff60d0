import { isAddressEqual, type Address } from 'viem';
import type { TokenFacts } from '../../chain/chain-facts';
import {
  DUST_LIQUIDITY_USD,
  DUST_QUOTE_UNITS,
  isToken0,
  liquidityUsd,
  priceInQuote,
  sidesOf,
  stablePriceInQuote,
  toUnits,
  type Reserves,
} from './market-math';
import type { QuotePrice } from './market.types';
import type { ReferencePairRef, TokenPairRef } from './pair-discovery';

export interface ReferencePairState {
  ref: ReferencePairRef;
  reserves: Reserves | null;
}

/** USD price of wrapped native per DEX (from that DEX's deepest stablecoin pair) and overall. */
export interface NativeUsd {
  byDex: Map<number, { usd: number; pair: ReferencePairState }>;
  best: { usd: number; pair: ReferencePairState } | null;
}

/** Stablecoins count as $1 (depegs are the exception, and rarer than a thin reference pool). */
export function nativeUsdPrices(wrappedNative: TokenFacts, refs: ReferencePairState[]): NativeUsd {
  const byDex = new Map<number, { usd: number; pair: ReferencePairState; depth: number }>();
  let best: { usd: number; pair: ReferencePairState; depth: number } | null = null;
  for (const state of refs) {
    if (!state.reserves) continue;
    const quoteIsToken0 = isToken0(state.ref.stable.address, wrappedNative.address);
    const sides = sidesOf(state.reserves, quoteIsToken0);
    const usd = priceInQuote({
      tokenReserve: sides.token,
      quoteReserve: sides.quote,
      tokenDecimals: wrappedNative.decimals,
      quoteDecimals: state.ref.stable.decimals,
    });
    if (usd === null) continue;
    const candidate = { usd, pair: state, depth: toUnits(sides.quote, state.ref.stable.decimals) };
    const current = byDex.get(state.ref.dexIndex);
    if (!current || candidate.depth > current.depth) byDex.set(state.ref.dexIndex, candidate);
    if (!best || candidate.depth > best.depth) best = candidate;
  }
  return { byDex, best };
}

export interface PairState {
  ref: TokenPairRef;
  /** Reserves that set the price (a V3 pool's virtual reserves). */
  reserves: Reserves | null;
  /** What the pool holds, when it differs from `reserves` (V3). */
  balances?: Reserves | null;
}

/** Spot price of one whole token in the quote: the reserves' ratio, or the slope of a Solidly stable curve. */
export function spotPriceInQuote(
  ref: TokenPairRef,
  sides: { token: bigint; quote: bigint },
  tokenDecimals: number,
): number | null {
  const args = {
    tokenReserve: sides.token,
    quoteReserve: sides.quote,
    tokenDecimals,
    quoteDecimals: ref.quote.decimals,
  };
  return ref.kind === 'solidly' && ref.stable ? stablePriceInQuote(args) : priceInQuote(args);
}

/** Everything about one pair that its current reserves tell. */
export interface PricedPair {
  ref: TokenPairRef;
  /** Reserves that set the price and that Swap amounts move (a V3 pool's virtual reserves). */
  reserves: Reserves;
  quoteIsToken0: boolean;
  /** What the pool holds of each side. */
  tokenReserve: bigint;
  quoteReserve: bigint;
  quoteUsd: number | null;
  /** The reference pair that priced the quote (wrapped native quotes only). */
  referencePair: ReferencePairState | null;
  priceInQuote: number | null;
  priceUsd: number | null;
  liquidityUsd: number | null;
  /** Drained or never funded: listed, but it sets no price. */
  dust: boolean;
}

export function quoteUsdFor(params: { ref: TokenPairRef; wrappedNative: TokenFacts; native: NativeUsd }) {
  const { ref, wrappedNative, native } = params;
  if (!isAddressEqual(ref.quote.address, wrappedNative.address)) return { usd: 1, referencePair: null };
  // Reference pairs are V2 pairs: a V2 pool is priced on its own DEX's, the other kinds on the deepest.
  const pick = (ref.kind === 'v2' ? native.byDex.get(ref.dexIndex) : undefined) ?? native.best;
  return { usd: pick?.usd ?? null, referencePair: pick?.pair ?? null };
}

export function pricePairs(params: {
  token: Address;
  decimals: number;
  wrappedNative: TokenFacts;
  pairs: PairState[];
  native: NativeUsd;
}): PricedPair[] {
  return params.pairs.flatMap((state) => {
    if (!state.reserves) return [];
    const quoteIsToken0 = isToken0(state.ref.quote.address, params.token);
    const sides = sidesOf(state.reserves, quoteIsToken0);
    const held = state.balances ? sidesOf(state.balances, quoteIsToken0) : sides;
    const quote = quoteUsdFor({ ref: state.ref, wrappedNative: params.wrappedNative, native: params.native });
    const inQuote = spotPriceInQuote(state.ref, sides, params.decimals);
    const liquidity = state.balances
      ? heldValueUsd({ held, inQuote, decimals: params.decimals, ref: state.ref, quoteUsd: quote.usd })
      : liquidityUsd(sides.quote, state.ref.quote.decimals, quote.usd);
    const dust =
      liquidity !== null
        ? liquidity < DUST_LIQUIDITY_USD
        : toUnits(held.quote, state.ref.quote.decimals) < DUST_QUOTE_UNITS;
    return [
      {
        ref: state.ref,
        reserves: state.reserves,
        quoteIsToken0,
        tokenReserve: held.token,
        quoteReserve: held.quote,
        quoteUsd: quote.usd,
        referencePair: quote.referencePair,
        priceInQuote: inQuote,
        priceUsd: dust || inQuote === null || quote.usd === null ? null : inQuote * quote.usd,
        liquidityUsd: liquidity,
        dust,
      },
    ];
  });
}

/**
 * A V3 pool's liquidity is what it holds, both sides at its spot price (its two sides need not be
 * of equal value, unlike a V2 pair's); null when the quote has no USD price.
 */
function heldValueUsd(params: {
  held: { token: bigint; quote: bigint };
  inQuote: number | null;
  decimals: number;
  ref: TokenPairRef;
  quoteUsd: number | null;
}): number | null {
  if (params.quoteUsd === null) return null;
  const quoteUnits = toUnits(params.held.quote, params.ref.quote.decimals);
  const tokenInQuote = params.inQuote === null ? 0 : toUnits(params.held.token, params.decimals) * params.inQuote;
  return (quoteUnits + tokenInQuote) * params.quoteUsd;
}

/** The pair the price comes from: the deepest in USD; dust pools never set the price. */
export function pricingPair(pairs: PricedPair[]): PricedPair | null {
  const usable = pairs.filter((p) => p.priceInQuote !== null && !p.dust);
  const depth = (p: PricedPair) => p.liquidityUsd ?? -1;
  return usable.reduce<PricedPair | null>((best, p) => (!best || depth(p) > depth(best) ? p : best), null);
}

export function quotePriceList(params: {
  wrappedNative: TokenFacts;
  stablecoins: TokenFacts[];
  native: NativeUsd;
}): QuotePrice[] {
  const { wrappedNative, native } = params;
  const best = native.best;
  return [
    {
      symbol: wrappedNative.symbol,
      address: wrappedNative.address,
      usd: best?.usd ?? null,
      source: best ? 'pair' : 'none',
      pair: best?.pair.ref.address ?? null,
      dex: best?.pair.ref.dex ?? null,
    },
    ...params.stablecoins.map((s): QuotePrice => ({
      symbol: s.symbol,
      address: s.address,
      usd: 1,
      source: 'stablecoin',
      pair: null,
      dex: null,
    })),
  ];
}
