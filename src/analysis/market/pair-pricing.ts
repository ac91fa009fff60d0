import { isAddressEqual, type Address } from 'viem';
import type { TokenFacts } from '../../chain/chain-facts';
import { DUST_LIQUIDITY_USD, DUST_QUOTE_UNITS, isToken0, liquidityUsd, priceInQuote, sidesOf, toUnits, type Reserves } from './market-math';
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
  reserves: Reserves | null;
}

/** Everything about one pair that its current reserves tell. */
export interface PricedPair {
  ref: TokenPairRef;
  reserves: Reserves;
  quoteIsToken0: boolean;
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
  const pick = native.byDex.get(ref.dexIndex) ?? native.best;
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
    const quote = quoteUsdFor({ ref: state.ref, wrappedNative: params.wrappedNative, native: params.native });
    const inQuote = priceInQuote({
      tokenReserve: sides.token,
      quoteReserve: sides.quote,
      tokenDecimals: params.decimals,
      quoteDecimals: state.ref.quote.decimals,
    });
    const liquidity = liquidityUsd(sides.quote, state.ref.quote.decimals, quote.usd);
    const dust = liquidity !== null ? liquidity < DUST_LIQUIDITY_USD : toUnits(sides.quote, state.ref.quote.decimals) < DUST_QUOTE_UNITS;
    return [
      {
        ref: state.ref,
        reserves: state.reserves,
        quoteIsToken0,
        tokenReserve: sides.token,
        quoteReserve: sides.quote,
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

/** The pair the price comes from: the deepest in USD; dust pools never set the price. */
export function pricingPair(pairs: PricedPair[]): PricedPair | null {
  const usable = pairs.filter((p) => p.priceInQuote !== null && !p.dust);
  const depth = (p: PricedPair) => p.liquidityUsd ?? -1;
  return usable.reduce<PricedPair | null>((best, p) => (!best || depth(p) > depth(best) ? p : best), null);
}

export function quotePriceList(params: { wrappedNative: TokenFacts; stablecoins: TokenFacts[]; native: NativeUsd }): QuotePrice[] {
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
    ...params.stablecoins.map((s): QuotePrice => ({ symbol: s.symbol, address: s.address, usd: 1, source: 'stablecoin', pair: null, dex: null })),
  ];
}
