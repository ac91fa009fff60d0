import type { Address } from 'viem';
import type { TokenFacts } from '../../chain/chain-facts';
import { buildMarketSection } from './market-section';
import type { ReferencePairRef, TokenPairRef } from './pair-discovery';
import { nativeUsdPrices, pricePairs, pricingPair } from './pair-pricing';

// Addresses chosen so the sort order (token0) is known: USDC < WETH < TOKEN.
const USDC: TokenFacts = { symbol: 'USDC', address: '0x1000000000000000000000000000000000000000', decimals: 6 };
const WETH: TokenFacts = { symbol: 'WETH', address: '0x2000000000000000000000000000000000000000', decimals: 18 };
const TOKEN: Address = '0x3000000000000000000000000000000000000000';
const E18 = 10n ** 18n;

const reference = (dexIndex: number, address: Address): ReferencePairRef => ({
  dex: `dex${dexIndex}`,
  dexIndex,
  address,
  stable: USDC,
});
const tokenPair = (quote: TokenFacts, address: Address): TokenPairRef => ({
  dex: 'dex0',
  dexIndex: 0,
  address,
  quote,
  kind: 'v2',
  feeTier: null,
  stable: null,
});

/** WETH at $3,000 (USDC is token0 of the reference pair). */
const native = () =>
  nativeUsdPrices(WETH, [
    {
      ref: reference(0, '0x00000000000000000000000000000000000000a1'),
      reserves: { reserve0: 3_000_000n * 10n ** 6n, reserve1: 1_000n * E18 },
    },
    {
      ref: reference(1, '0x00000000000000000000000000000000000000a2'),
      reserves: { reserve0: 10n * 10n ** 6n, reserve1: E18 },
    },
  ]);

describe('pricing pairs', () => {
  it('prices wrapped native per DEX from its own stablecoin pair, deepest overall as fallback', () => {
    const sut = native();
    expect(sut.byDex.get(0)?.usd).toBe(3_000);
    expect(sut.byDex.get(1)?.usd).toBe(10);
    expect(sut.best?.usd).toBe(3_000);
  });

  it('gives a WETH pair USD price and 2× quote-side liquidity; a stablecoin pair counts $1', () => {
    const priced = pricePairs({
      token: TOKEN,
      decimals: 18,
      wrappedNative: WETH,
      native: native(),
      pairs: [
        {
          ref: tokenPair(WETH, '0x00000000000000000000000000000000000000b1'),
          reserves: { reserve0: 10n * E18, reserve1: 1_000_000n * E18 },
        },
        {
          ref: tokenPair(USDC, '0x00000000000000000000000000000000000000b2'),
          reserves: { reserve0: 5_000n * 10n ** 6n, reserve1: 200_000n * E18 },
        },
      ],
    });
    expect(priced[0]).toMatchObject({ priceInQuote: 0.00001, quoteUsd: 3_000, liquidityUsd: 60_000, dust: false });
    expect(priced[0].priceUsd).toBeCloseTo(0.03, 12);
    expect(priced[1]).toMatchObject({ priceUsd: 0.025, liquidityUsd: 10_000, quoteUsd: 1, referencePair: null });
    expect(pricingPair(priced)?.ref.address).toBe('0x00000000000000000000000000000000000000b1');
  });

  it('never takes the price from a drained pool', () => {
    const priced = pricePairs({
      token: TOKEN,
      decimals: 18,
      wrappedNative: WETH,
      native: { byDex: new Map(), best: null },
      pairs: [
        {
          ref: tokenPair(WETH, '0x00000000000000000000000000000000000000b1'),
          reserves: { reserve0: 1n, reserve1: 1_601_675n },
        },
      ],
    });
    expect(priced[0].dust).toBe(true);
    expect(pricingPair(priced)).toBeNull();
  });
});

describe('buildMarketSection', () => {
  it('takes market cap over the supply outside the zero and dead addresses', () => {
    const nativeUsd = native();
    const priced = pricePairs({
      token: TOKEN,
      decimals: 18,
      wrappedNative: WETH,
      native: nativeUsd,
      pairs: [
        {
          ref: tokenPair(USDC, '0x00000000000000000000000000000000000000b2'),
          reserves: { reserve0: 5_000n * 10n ** 6n, reserve1: 200_000n * E18 },
        },
      ],
    });
    const sut = buildMarketSection({
      decimals: 18,
      totalSupply: 1_000_000n * E18,
      symbol: 'TKN',
      latest: { number: 10, timestamp: 100_000 },
      burned: { zero: 100_000n * E18, dead: 500_000n * E18 },
      wrappedNative: WETH,
      stablecoins: [USDC],
      native: nativeUsd,
      priced,
      activity: null,
    });
    expect(sut).toMatchObject({
      listed: true,
      priceUsd: 0.025,
      marketCapUsd: 10_000,
      circulatingSupply: (400_000n * E18).toString(),
    });
    expect(sut.liquidity).toEqual({ totalUsd: 10_000, status: 'LOW' });
    expect(sut.tradingPairs[0].pair).toBe('TKN/USDC');
    expect(sut.volume24hUsd).toBeNull();
  });
});
