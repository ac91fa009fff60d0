import type { TokenFacts } from '../../chain/chain-facts';
import type { BlockStamp } from './block-window';
import {
  isToken0,
  liquidityStatus,
  percentChange,
  priceInQuote,
  quoteVolume,
  reservesAtStart,
  sidesOf,
  toUnits,
  type PairEvent,
} from './market-math';
import type { BlockWindow, MarketSection, TradingPair } from './market.types';
import { pricingPair, quotePriceList, spotPriceInQuote, type NativeUsd, type PricedPair } from './pair-pricing';

/** What the logs round found; events are already limited to the window. */
export interface WindowActivity {
  window: BlockWindow;
  /** Swap and Sync events per lower-cased pair address. */
  tokenEvents: Map<string, PairEvent[]> | null;
  /** Events of the reference pair that prices the pricing pair's quote, from the window start on. */
  referenceEvents: PairEvent[] | null;
  logsError: string | null;
}

export interface MarketInputs {
  decimals: number;
  totalSupply: bigint;
  symbol: string;
  latest: BlockStamp;
  burned: { zero: bigint; dead: bigint };
  wrappedNative: TokenFacts;
  stablecoins: TokenFacts[];
  native: NativeUsd;
  priced: PricedPair[];
  activity: WindowActivity | null;
}

function tradingPairOf(p: PricedPair, symbol: string, activity: WindowActivity | null): TradingPair {
  const events = activity?.tokenEvents?.get(p.ref.address.toLowerCase());
  const volume = events ? quoteVolume(events, p.quoteIsToken0) : null;
  const volumeUnits = volume ? toUnits(volume.volume, p.ref.quote.decimals) : null;
  return {
    dex: p.ref.dex,
    kind: p.ref.kind,
    feeTier: p.ref.feeTier,
    stable: p.ref.stable,
    pair: `${symbol}/${p.ref.quote.symbol}`,
    address: p.ref.address,
    quoteSymbol: p.ref.quote.symbol,
    quoteAddress: p.ref.quote.address,
    tokenReserve: p.tokenReserve.toString(),
    quoteReserve: p.quoteReserve.toString(),
    priceInQuote: p.priceInQuote,
    priceUsd: p.priceUsd,
    liquidityUsd: p.liquidityUsd,
    volume24hUsd: volumeUnits === null || p.quoteUsd === null ? null : volumeUnits * p.quoteUsd,
    volume24hQuote: volume ? volume.volume.toString() : null,
    swaps24h: volume ? volume.swaps : null,
  };
}

type QuoteThen = { usd: number | null; source: 'stablecoin' | 'logs' | 'current' | null };

/** The quote's USD price at the window start: $1 for stablecoins, else its reference pair rewound. */
function quoteUsdThen(main: PricedPair, inputs: MarketInputs): QuoteThen {
  const ref = main.referencePair;
  if (!ref) return { usd: main.quoteUsd, source: main.quoteUsd === null ? null : 'stablecoin' };
  const events = inputs.activity?.referenceEvents;
  if (!ref.reserves || !events || events.length === 0)
    return { usd: main.quoteUsd, source: main.quoteUsd === null ? null : 'current' };
  const sides = sidesOf(
    reservesAtStart(ref.reserves, events),
    isToken0(ref.ref.stable.address, inputs.wrappedNative.address),
  );
  const usd = priceInQuote({
    tokenReserve: sides.token,
    quoteReserve: sides.quote,
    tokenDecimals: inputs.wrappedNative.decimals,
    quoteDecimals: ref.ref.stable.decimals,
  });
  return { usd, source: 'logs' };
}

function priceChange(main: PricedPair | null, inputs: MarketInputs): { change: number | null; quoteThen: QuoteThen } {
  const events = main ? inputs.activity?.tokenEvents?.get(main.ref.address.toLowerCase()) : undefined;
  if (!main || !events) return { change: null, quoteThen: { usd: null, source: null } };
  const sides = sidesOf(reservesAtStart(main.reserves, events), main.quoteIsToken0);
  const thenInQuote = spotPriceInQuote(main.ref, sides, inputs.decimals);
  const quoteThen = quoteUsdThen(main, inputs);
  const thenUsd = thenInQuote === null || quoteThen.usd === null ? null : thenInQuote * quoteThen.usd;
  return { change: percentChange(thenUsd, main.priceUsd), quoteThen };
}

const sumKnown = (values: (number | null)[]): number | null =>
  values.some((v) => v !== null) ? values.reduce<number>((sum, v) => sum + (v ?? 0), 0) : null;

/** Assembles the market section from the priced pairs and the window's activity. */
export function buildMarketSection(inputs: MarketInputs): MarketSection {
  const main = pricingPair(inputs.priced);
  const circulating = inputs.totalSupply - inputs.burned.zero - inputs.burned.dead;
  const tradingPairs = inputs.priced.map((p) => tradingPairOf(p, inputs.symbol, inputs.activity));
  const totalLiquidity = sumKnown(tradingPairs.map((p) => p.liquidityUsd));
  const { change, quoteThen } = priceChange(main, inputs);
  const priceUsd = main?.priceUsd ?? null;
  const logsOk = Boolean(inputs.activity?.tokenEvents);
  return {
    listed: main !== null,
    priceUsd,
    priceChange24hPercent: change,
    marketCapUsd: priceUsd === null ? null : priceUsd * toUnits(circulating > 0n ? circulating : 0n, inputs.decimals),
    circulatingSupply: circulating.toString(),
    volume24hUsd: logsOk ? sumKnown(tradingPairs.map((p) => p.volume24hUsd)) : null,
    liquidity: {
      totalUsd: totalLiquidity,
      status: inputs.priced.every((p) => p.dust) ? 'NONE' : liquidityStatus(totalLiquidity),
    },
    tradingPairs,
    evidence: {
      blockNumber: inputs.latest.number,
      blockTimestamp: inputs.latest.timestamp,
      pricePair: main?.ref.address ?? null,
      quotePrices: quotePriceList({
        wrappedNative: inputs.wrappedNative,
        stablecoins: inputs.stablecoins,
        native: inputs.native,
      }),
      window: inputs.activity?.window ?? null,
      quoteUsd24hAgoSource: quoteThen.source,
      burned: { zero: inputs.burned.zero.toString(), dead: inputs.burned.dead.toString() },
      logsError: inputs.activity?.logsError ?? null,
    },
  };
}
