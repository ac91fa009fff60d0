/**
 * Market analysis against the devnet world, cross-checked with reads made here. The devnet has no
 * WETH/USDC pool, so WETH-quoted prices are first unknown in USD, then checked against one added
 * inside a snapshot (300 WETH / 900,000 USDC).
 */
import { createPublicClient, createTestClient, createWalletClient, defineChain, http, maxUint256, parseAbi, type Address, type PublicClient } from 'viem';
import { readManifest, type DevnetManifest } from '../devnet';
import { MarketAnalyzer } from '../src/analysis/market/market.analyzer';
import type { MarketSection } from '../src/analysis/market/market.types';
import { ChainRegistry, type ChainContext } from '../src/chain/chain-registry';
import { loadDevnetFacts } from '../src/chain/devnet-facts';
import type { ChainKey } from '../src/config/app-config';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const devnet = defineChain({ id: 31337, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
const SUPPLY = 10n ** 27n;
const abi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function getPair(address, address) view returns (address)',
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);

/** A registry whose devnet client counts HTTP requests (a JSON-RPC batch or a multicall is one). */
class CountingRegistry extends ChainRegistry {
  requests = 0;
  private counted?: ChainContext;

  override get(key: ChainKey): ChainContext {
    const base = super.get(key);
    this.counted ??= {
      ...base,
      client: createPublicClient({
        chain: base.client.chain,
        batch: { multicall: true },
        transport: http(rpcUrl, { batch: true, onFetchRequest: () => void this.requests++ }),
      }) as PublicClient,
    };
    return this.counted;
  }
}

let m: DevnetManifest;
let registry: CountingRegistry;
let sut: MarketAnalyzer;
const pub = createPublicClient({ transport: http(rpcUrl) });

beforeAll(() => {
  m = readManifest();
  registry = new CountingRegistry({ config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl }, devnetFacts: loadDevnetFacts() });
  sut = new MarketAnalyzer(registry);
});

afterAll(() => registry.close());

async function analyze(label: keyof DevnetManifest['tokens']): Promise<{ section: MarketSection; requests: number }> {
  registry.requests = 0;
  const token = m.tokens[label];
  const section = await sut.analyze({ chain: 'devnet', address: token.address as Address, decimals: 18, totalSupply: SUPPLY });
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
      expect.objectContaining({ dex: 'Uniswap V2', pair: 'POWER/USDC', address: m.tokens.powers.pair, quoteSymbol: 'USDC' }),
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

  it('without a WETH/USDC pool gives WETH-quoted prices in WETH only, and says USD is unknown', async () => {
    const { section } = await analyze('clean');
    expect(section.priceUsd).toBeNull();
    expect(section.liquidity.status).toBe('UNKNOWN');
    expect(section.tradingPairs[0].priceInQuote).toBeGreaterThan(0);
    expect(section.tradingPairs[0].swaps24h).toBeGreaterThan(0);
  });

  it('answers a token without pairs in one request, as not listed', async () => {
    registry.requests = 0;
    const section = await sut.analyze({ chain: 'devnet', address: m.contracts.ServiceToken as Address, decimals: 18, totalSupply: SUPPLY });
    expect(registry.requests).toBe(1);
    expect(section).toMatchObject({ listed: false, priceUsd: null, liquidity: { totalUsd: null, status: 'NONE' }, tradingPairs: [] });
  });

  describe('with a WETH/USDC pool (added inside a snapshot)', () => {
    let snapshot: `0x${string}`;
    let wethUsd: number;
    const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });

    beforeAll(async () => {
      snapshot = await testClient().snapshot();
      const pool = await addWethUsdcPool();
      const usdcFirst = m.contracts.USDC.toLowerCase() < m.contracts.WETH.toLowerCase();
      const [r0, r1] = await pub.readContract({ address: pool, abi, functionName: 'getReserves' });
      const [usdc, weth] = usdcFirst ? [r0, r1] : [r1, r0];
      wethUsd = Number(usdc) / 1e6 / (Number(weth) / 1e18);
    });

    afterAll(async () => {
      await testClient().revert({ id: snapshot });
    });

    it.each(['clean', 'taxed', 'honeypot', 'limiter'] as const)('%s: USD price = WETH reserves ratio × the WETH/USDC price', async (label) => {
      const { section, requests } = await analyze(label);
      const token = m.tokens[label];
      const reserves = await reservesOf(label);
      expect(requests).toBe(3);
      expect(section.priceUsd).toBeGreaterThan(0);
      expect(section.priceUsd! / ((reserves.quote / reserves.token) * wethUsd)).toBeCloseTo(1, 9);
      expect(section.tradingPairs[0].liquidityUsd! / (2 * reserves.quote * wethUsd)).toBeCloseTo(1, 9);
      expect(section.tradingPairs[0].pair).toBe(`${token.symbol}/WETH`);
      expect(section.evidence.quotePrices[0]).toMatchObject({ symbol: 'WETH', source: 'pair' });
    });

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

/** 300 WETH against 900,000 USDC: $3,000 per WETH. Returns the pool. */
async function addWethUsdcPool(): Promise<Address> {
  const deployer = m.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl) });
  const usdc = m.contracts.USDC as Address;
  const router = m.contracts.UniswapV2Router02 as Address;
  const amount = 900_000n * 10n ** 6n;
  const hashes = [
    await wallet.writeContract({ address: usdc, abi, functionName: 'mint', args: [deployer, amount] }),
    await wallet.writeContract({ address: usdc, abi, functionName: 'approve', args: [router, maxUint256] }),
    await wallet.writeContract({
      address: router,
      abi,
      functionName: 'addLiquidityETH',
      args: [usdc, amount, 0n, 0n, deployer, 99_999_999_999n],
      value: 300n * 10n ** 18n,
      gas: 5_000_000n,
    }),
  ];
  for (const hash of hashes) expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
  return pub.readContract({ address: m.contracts.UniswapV2Factory as Address, abi, functionName: 'getPair', args: [usdc, m.contracts.WETH as Address] });
}
