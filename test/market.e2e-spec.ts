/**
 * Market analysis against the devnet world, cross-checked with reads made here. WETH-quoted tokens
 * are priced in USD through the world's permanent WETH/USDC pool (opened at 300 WETH / 900,000 USDC
 * and traded throughout the history); without a pool between WETH and the chain's stablecoin their
 * USD price is unknown, which a registry whose stablecoin has no such pool shows.
 */
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { readManifest, type DevnetManifest } from '../devnet';
import { MarketAnalyzer } from '../src/analysis/market/market.analyzer';
import type { MarketSection } from '../src/analysis/market/market.types';
import { CountingRegistry } from './support/counting-registry';
import { loadDevnetFacts } from '../src/chain/devnet-facts';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const SUPPLY = 10n ** 27n;
const abi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']);

let m: DevnetManifest;
let registry: CountingRegistry;
let sut: MarketAnalyzer;
let wethUsd: number;
const pub = createPublicClient({ transport: http(rpcUrl) });

beforeAll(async () => {
  m = readManifest();
  registry = new CountingRegistry({
    config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl },
    devnetFacts: loadDevnetFacts(),
  });
  sut = new MarketAnalyzer(registry);
  const usdcFirst = m.contracts.USDC.toLowerCase() < m.contracts.WETH.toLowerCase();
  const [r0, r1] = await pub.readContract({
    address: m.pools.WETH_USDC.address as Address,
    abi,
    functionName: 'getReserves',
  });
  const [usdc, weth] = usdcFirst ? [r0, r1] : [r1, r0];
  wethUsd = Number(usdc) / 1e6 / (Number(weth) / 1e18);
});

afterAll(() => registry.close());

async function analyze(label: keyof DevnetManifest['tokens']): Promise<{ section: MarketSection; requests: number }> {
  registry.requests = 0;
  const token = m.tokens[label];
  const section = await sut.analyze({
    chain: 'devnet',
    address: token.address as Address,
    decimals: 18,
    totalSupply: SUPPLY,
  });
  return { section, requests: registry.requests };
}

/** (token side, quote side) of a devnet token's pair reserves, in whole units (V2 pairs sort tokens by address). */
async function reservesOf(label: keyof DevnetManifest['tokens']): Promise<{ token: number; quote: number }> {
  const entry = m.tokens[label];
  const quote = entry.quote === 'USDC' ? m.contracts.USDC : m.contracts.WETH;
  const [r0, r1] = await pub.readContract({ address: entry.pair as Address, abi, functionName: 'getReserves' });
  const [t, q] = entry.address.toLowerCase() < quote.toLowerCase() ? [r0, r1] : [r1, r0];
  return { token: Number(t) / 1e18, quote: Number(q) / 10 ** (entry.quote === 'USDC' ? 6 : 18) };
}

describe('MarketAnalyzer on the devnet world', () => {
  it('prices the USDC-quoted token through USDC, with liquidity, volume and window, in three requests', async () => {
    const { section, requests } = await analyze('powers');
    const reserves = await reservesOf('powers');
    expect(requests).toBe(3);
    expect(section.priceUsd).toBeCloseTo(reserves.quote / reserves.token, 12);
    expect(section.liquidity.totalUsd).toBeCloseTo(2 * reserves.quote, 4);
    expect(section.liquidity.status).toBe('GOOD');
    expect(section.marketCapUsd).toBeCloseTo(section.priceUsd! * 1e9, 0);
    expect(section.tradingPairs).toEqual([
      expect.objectContaining({
        dex: 'Uniswap V2',
        pair: 'POWER/USDC',
        address: m.tokens.powers.pair,
        quoteSymbol: 'USDC',
      }),
    ]);
    expect(section.volume24hUsd).toBeGreaterThan(0);
    expect(section.evidence.quoteUsd24hAgoSource).toBe('stablecoin');
    expect(section.priceChange24hPercent).not.toBeNull();
  });

  it('starts the 24 h window exactly at the first block of the last 24 h of chain time', async () => {
    const { section } = await analyze('clean');
    const window = section.evidence.window!;
    expect(window.exact).toBe(true);
    const [first, before] = await Promise.all([
      pub.getBlock({ blockNumber: BigInt(window.fromBlock) }),
      pub.getBlock({ blockNumber: BigInt(window.fromBlock - 1) }),
    ]);
    const target = window.toTimestamp - 86_400;
    expect(Number(first.timestamp)).toBeGreaterThanOrEqual(target);
    expect(Number(before.timestamp)).toBeLessThan(target);
  });

  it('prices WETH through the permanent WETH/USDC pool, and rewinds it from its logs for the 24 h change', async () => {
    const { section } = await analyze('clean');
    expect(wethUsd).toBeGreaterThan(2_700);
    expect(wethUsd).toBeLessThan(3_300);
    expect(section.evidence.quotePrices[0]).toMatchObject({
      symbol: 'WETH',
      source: 'pair',
      pair: m.pools.WETH_USDC.address,
    });
    expect(section.evidence.quotePrices[0].usd! / wethUsd).toBeCloseTo(1, 9);
    expect(section.evidence.quoteUsd24hAgoSource).toBe('logs');
  });

  it('without a pool between WETH and the stablecoin gives WETH-quoted prices in WETH only, and says USD is unknown', async () => {
    // The same chain, but with a "stablecoin" (the service token) that has no pool against WETH.
    const facts = loadDevnetFacts();
    const noReference = new CountingRegistry({
      config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl },
      devnetFacts: {
        ...facts,
        stablecoins: [{ symbol: 'SVC', address: m.contracts.ServiceToken as Address, decimals: 18 }],
      },
    });
    try {
      const section = await new MarketAnalyzer(noReference).analyze({
        chain: 'devnet',
        address: m.tokens.clean.address as Address,
        decimals: 18,
        totalSupply: SUPPLY,
      });
      expect(section.priceUsd).toBeNull();
      expect(section.liquidity.status).toBe('UNKNOWN');
      expect(section.evidence.quotePrices[0]).toMatchObject({ symbol: 'WETH', usd: null, source: 'none' });
      expect(section.tradingPairs[0].priceInQuote).toBeGreaterThan(0);
      expect(section.tradingPairs[0].swaps24h).toBeGreaterThan(0);
    } finally {
      noReference.close();
    }
  });

  it('answers a token without pairs in one request, as not listed', async () => {
    registry.requests = 0;
    const section = await sut.analyze({
      chain: 'devnet',
      address: m.contracts.ServiceToken as Address,
      decimals: 18,
      totalSupply: SUPPLY,
    });
    expect(registry.requests).toBe(1);
    expect(section).toMatchObject({
      listed: false,
      priceUsd: null,
      liquidity: { totalUsd: null, status: 'NONE' },
      tradingPairs: [],
    });
  });

  describe('WETH-quoted tokens, priced through the WETH/USDC pool', () => {
    it.each(['clean', 'taxed', 'honeypot', 'limiter'] as const)(
      '%s: USD price = WETH reserves ratio × the WETH/USDC price',
      async (label) => {
        const { section, requests } = await analyze(label);
        const token = m.tokens[label];
        const reserves = await reservesOf(label);
        expect(requests).toBe(3);
        expect(section.priceUsd).toBeGreaterThan(0);
        expect(section.priceUsd! / ((reserves.quote / reserves.token) * wethUsd)).toBeCloseTo(1, 9);
        expect(section.tradingPairs[0].liquidityUsd! / (2 * reserves.quote * wethUsd)).toBeCloseTo(1, 9);
        expect(section.tradingPairs[0].pair).toBe(`${token.symbol}/WETH`);
        expect(section.evidence.quotePrices[0]).toMatchObject({ symbol: 'WETH', source: 'pair' });
      },
    );

    it('reports 24 h volume and a price change for a traded token', async () => {
      const { section } = await analyze('clean');
      expect(section.volume24hUsd).toBeGreaterThan(0);
      expect(section.tradingPairs[0].volume24hUsd).toBe(section.volume24hUsd);
      expect(section.priceChange24hPercent).not.toBeNull();
      expect(['EXCELLENT', 'GOOD', 'MODERATE', 'LOW', 'VERY_LOW']).toContain(section.liquidity.status);
    });

    it('shows the rugged token with (near-)zero liquidity and no price from its drained pool', async () => {
      const { section } = await analyze('rug');
      expect(section.liquidity.totalUsd!).toBeLessThan(1);
      expect(section.liquidity.status).toBe('NONE');
      expect(section.listed).toBe(false);
      expect(section.priceUsd).toBeNull();
      expect(section.tradingPairs[0].address).toBe(m.tokens.rug.pair);
    });
  });
});

describe('MarketAnalyzer on tokens that trade only in V3 or Solidly pools', () => {
  const v3Abi = parseAbi([
    'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
  ]);
  const solidlyAbi = parseAbi(['function getReserves() view returns (uint256, uint256, uint256)']);
  const venue = (label: keyof DevnetManifest['venues']['tokens']) => m.venues.tokens[label];
  const analyzeVenue = async (label: keyof DevnetManifest['venues']['tokens']) => {
    registry.requests = 0;
    const section = await sut.analyze({
      chain: 'devnet',
      address: venue(label).address as Address,
      decimals: 18,
      totalSupply: SUPPLY,
    });
    return { section, requests: registry.requests };
  };

  it("v3_only: both V3 pools with their fee tiers, the price from the deeper pool's slot0, volume from V3 Swap events, in three requests", async () => {
    const token = venue('v3_only');
    const { section, requests } = await analyzeVenue('v3_only');
    expect(requests).toBe(3);
    expect(section.tradingPairs.map((p) => [p.kind, p.dex, p.feeTier, p.stable, p.address])).toEqual([
      ['v3', 'Uniswap V3', 3000, null, token.pools[0].address],
      ['v3', 'Uniswap V3', 10000, null, token.pools[1].address],
    ]);
    const [sqrtPriceX96] = await pub.readContract({
      address: token.pools[0].address as Address,
      abi: v3Abi,
      functionName: 'slot0',
    });
    const ratio = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    const wethPerToken = token.address.toLowerCase() < m.contracts.WETH.toLowerCase() ? ratio : 1 / ratio;
    expect(section.evidence.pricePair).toBe(token.pools[0].address);
    expect(section.priceUsd! / (wethPerToken * wethUsd)).toBeCloseTo(1, 6);
    const [deep, thin] = section.tradingPairs;
    // Full range: both sides hold equal value, so liquidity is twice the WETH side.
    expect(deep.liquidityUsd! / (2 * (Number(deep.quoteReserve) / 1e18) * wethUsd)).toBeCloseTo(1, 3);
    expect(deep.liquidityUsd!).toBeGreaterThan(thin.liquidityUsd! * 5);
    expect([deep.swaps24h, thin.swaps24h]).toEqual([2, 1]);
    expect(BigInt(deep.volume24hQuote!)).toBeGreaterThan(2n * 10n ** 18n);
    expect(section.volume24hUsd).toBeCloseTo(deep.volume24hUsd! + thin.volume24hUsd!, 6);
    expect(section.listed).toBe(true);
  });

  it('solidly_only: its volatile pool priced from its reserves, volume from Solidly Swap events', async () => {
    const token = venue('solidly_only');
    const { section } = await analyzeVenue('solidly_only');
    expect(section.tradingPairs.map((p) => [p.kind, p.dex, p.feeTier, p.stable, p.address])).toEqual([
      ['solidly', 'Aerodrome', null, false, token.pools[0].address],
    ]);
    const [r0, r1] = await pub.readContract({
      address: token.pools[0].address as Address,
      abi: solidlyAbi,
      functionName: 'getReserves',
    });
    const [t, q] = token.address.toLowerCase() < m.contracts.WETH.toLowerCase() ? [r0, r1] : [r1, r0];
    expect(section.priceUsd! / ((Number(q) / Number(t)) * wethUsd)).toBeCloseTo(1, 9);
    expect(section.tradingPairs[0].swaps24h).toBe(3);
    expect(section.volume24hUsd).toBeGreaterThan(0);
  });
});
