import type { Address } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { bestRoute, candidateRoutes, priceImpactPercent, type QuotedRoute } from './route-finder';

const WETH = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address;
const USDC = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as Address;
const TOKEN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' as Address;
const OTHER = '0x0165878A594ca255338adfa4d48449f69242Eb8F' as Address;

const facts = (dexes = 1): ChainFacts => ({
  key: 'eth',
  chainId: 31337,
  name: 'Ethereum',
  nativeSymbol: 'ETH',
  wrappedNative: { symbol: 'WETH', address: WETH, decimals: 18 },
  stablecoins: [{ symbol: 'USDC', address: USDC, decimals: 6 }],
  dexes: Array.from({ length: dexes }, (_, i) => ({ name: `Dex ${i}`, factory: WETH, router: USDC })),
  v3Dexes: [],
  solidlyDexes: [],
  multicall3: WETH,
  blockTimeMs: 12_000,
});

describe('candidateRoutes', () => {
  it('tries direct and through USDC when one end is wrapped native (not WETH twice)', () => {
    expect(candidateRoutes(facts(), WETH, TOKEN).map((c) => c.path)).toEqual([
      [WETH, TOKEN],
      [WETH, USDC, TOKEN],
    ]);
  });

  it('tries direct, through WETH and through USDC between two tokens, on every DEX', () => {
    const sut = candidateRoutes(facts(2), TOKEN, OTHER);
    expect(sut).toHaveLength(6);
    expect(sut.filter((c) => c.dexIndex === 1).map((c) => c.path)).toEqual([
      [TOKEN, OTHER],
      [TOKEN, WETH, OTHER],
      [TOKEN, USDC, OTHER],
    ]);
  });
});

describe('priceImpactPercent', () => {
  it('is the shortfall of the rate against the probe rate', () => {
    // Probe: 1 in → 2 out; trade: 100 in → 190 out (5% worse).
    expect(priceImpactPercent({ amountIn: 100n, amountOut: 190n, probeIn: 1n, probeOut: 2n })).toBe(5);
  });

  it('is null when the probe quoted nothing, never negative', () => {
    expect(priceImpactPercent({ amountIn: 100n, amountOut: 190n, probeIn: 1n, probeOut: 0n })).toBeNull();
    expect(priceImpactPercent({ amountIn: 100n, amountOut: 210n, probeIn: 1n, probeOut: 2n })).toBe(0);
  });
});

describe('bestRoute', () => {
  const quoted = (amountOut: bigint, dexIndex = 0): QuotedRoute => ({
    dexIndex,
    path: [WETH, TOKEN],
    dex: 'd',
    router: USDC,
    amountOut,
    priceImpactPercent: null,
  });

  it('picks the largest output; null when nothing quoted', () => {
    expect(bestRoute([quoted(5n), quoted(9n, 1), quoted(7n)])?.dexIndex).toBe(1);
    expect(bestRoute([])).toBeNull();
  });
});
