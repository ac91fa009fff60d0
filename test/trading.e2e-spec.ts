/**
 * Wash-trading and sniper analysis against the devnet world, checked with its ground truth
 * (devnet/manifest.json actors) and with balances read here. Each analyzer's HTTP requests are
 * counted (a JSON-RPC batch or a multicall is one).
 */
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { readManifest, type DevnetManifest } from '../devnet';
import { MarketAnalyzer } from '../src/analysis/market/market.analyzer';
import { FundingTracer } from '../src/analysis/trading/funding-links';
import { SniperAnalyzer } from '../src/analysis/trading/sniper.analyzer';
import type { TradingRequest } from '../src/analysis/trading/trading.types';
import { WashTradingAnalyzer } from '../src/analysis/trading/wash-trading.analyzer';
import { CountingRegistry } from './support/counting-registry';
import { loadDevnetFacts } from '../src/chain/devnet-facts';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const SUPPLY = 10n ** 27n;
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);

type Label = keyof DevnetManifest['tokens'];

let m: DevnetManifest;
let registry: CountingRegistry;
let wash: WashTradingAnalyzer;
let snipers: SniperAnalyzer;
let latestBlock: number;
const pub = createPublicClient({ transport: http(rpcUrl) });
const lower = (list: string[]) => list.map((a) => a.toLowerCase()).sort();

beforeAll(async () => {
  m = readManifest();
  registry = new CountingRegistry({
    config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl },
    devnetFacts: loadDevnetFacts(),
  });
  const tracer = new FundingTracer();
  wash = new WashTradingAnalyzer(registry, tracer);
  snipers = new SniperAnalyzer(registry, tracer);
  latestBlock = Number(await pub.getBlockNumber());
});

afterAll(() => registry.close());

function requestFor(label: Label, withHead = true): TradingRequest {
  const t = m.tokens[label];
  const quote = m.contracts[t.quote as 'WETH' | 'USDC'] as Address;
  return {
    chain: 'devnet',
    address: t.address as Address,
    pairs: [{ address: t.pair as Address, quoteAddress: quote }],
    decimals: 18,
    totalSupply: SUPPLY,
    latestBlock: withHead ? latestBlock : undefined,
  };
}

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; requests: number }> {
  registry.requests = 0;
  const result = await work();
  return { result, requests: registry.requests };
}

describe('WashTradingAnalyzer on the devnet', () => {
  it('flags `washed`: its 3-wallet ring is one cluster funded by washFunder, in 3 requests', async () => {
    const { result: sut, requests } = await counted(() => wash.analyze(requestFor('washed')));
    const actors = m.tokens.washed.actors!;
    expect(sut.status).toBe('analysed');
    expect(sut.detected).toBe(true);
    expect(sut.clusters).toHaveLength(1);
    expect(sut.clusters[0].funder.toLowerCase()).toBe(String(actors.washFunder).toLowerCase());
    expect(lower(sut.clusters[0].wallets)).toEqual(lower(actors.washRing as string[]));
    expect(sut.clusters[0].relays).toBeGreaterThan(10);
    expect(sut.wash_volume_percent).toBeGreaterThan(50);
    expect(sut.evidence.funding_method).toBe('trace_filter');
    expect(sut.evidence.net_position_method).toBe('balance_change');
    expect(sut.grade).toBe('F');
    const ring = sut.suspicious_wallets.filter((w) =>
      lower(actors.washRing as string[]).includes(w.address.toLowerCase()),
    );
    expect(ring).toHaveLength(3);
    for (const w of ring) {
      expect(w.reasons).toEqual(expect.arrayContaining(['funding_cluster', 'relay', 'net_zero_high_volume']));
      const balance = await pub.readContract({
        address: m.tokens.washed.address as Address,
        abi: erc20,
        functionName: 'balanceOf',
        args: [w.address],
      });
      expect(w.net_position).toBe(Number(balance) / 1e18);
    }
    // Logs, candidates (funders + code + balances + headers), hub check of the ring's funder.
    expect(requests).toBe(3);
  });

  it('finds `clean` clean: exchange-funded traders form no cluster, in 2 requests', async () => {
    const { result: sut, requests } = await counted(() => wash.analyze(requestFor('clean')));
    expect(sut.status).toBe('analysed');
    expect(sut.detected).toBe(false);
    expect(sut.clusters).toEqual([]);
    expect(sut.wash_volume_percent).toBeLessThan(5);
    expect(sut.evidence.traders).toBeGreaterThanOrEqual(50);
    expect(sut.grade).toBe('A+');
    expect(requests).toBe(2);
  });

  it('does not read the sniper bundle of `sniped` (one buy, one dump each) as wash trading', async () => {
    const sut = await wash.analyze(requestFor('sniped'));
    expect(sut.detected).toBe(false);
    expect(sut.clusters).toEqual([]);
  });

  it('reads the head itself when the caller does not pass it (one more request)', async () => {
    const { result: sut, requests } = await counted(() => wash.analyze(requestFor('washed', false)));
    expect(sut.window?.to_block).toBe(latestBlock);
    expect(sut.detected).toBe(true);
    expect(requests).toBe(4);
  });
});

describe('SniperAnalyzer on the devnet', () => {
  it('finds the 5 snipers of `sniped` in its liquidity block, bundled by sniperFunder, all sold, in 4 requests', async () => {
    const { result: sut, requests } = await counted(() => snipers.analyze(requestFor('sniped')));
    const t = m.tokens.sniped;
    const actors = t.actors!;
    expect(sut.status).toBe('analysed');
    expect(sut.launch).toEqual({ pair: t.pair, block: t.liquidityBlock });
    expect(sut.window).toEqual({ from_block: t.liquidityBlock, to_block: Number(t.liquidityBlock) + 2, blocks: 3 });
    expect(sut.sniper_count).toBe(5);
    expect(lower(sut.snipers.map((s) => s.address))).toEqual(lower(actors.snipers as string[]));
    expect(sut.bundles).toHaveLength(1);
    expect(sut.bundles[0].funder.toLowerCase()).toBe(String(actors.sniperFunder).toLowerCase());
    expect(lower(sut.bundles[0].wallets)).toEqual(lower(actors.snipers as string[]));
    expect(sut.bundles[0].same_block).toBe(true);
    expect(sut.bundles[0].funding_block).toBeLessThan(Number(t.liquidityBlock));
    const balances = await Promise.all(
      sut.snipers.map((s) =>
        pub.readContract({ address: t.address as Address, abi: erc20, functionName: 'balanceOf', args: [s.address] }),
      ),
    );
    expect(balances.every((b) => b === 0n)).toBe(true);
    expect(sut.sold_fully).toBe(5);
    expect(sut.still_holding).toBe(0);
    expect(sut.holding_percent_of_supply).toBe(0);
    expect(sut.bought_percent_of_supply).toBeGreaterThan(0);
    expect(sut.snipers.every((s) => s.in_bundle && !s.is_contract && s.blocks_after_launch === 0)).toBe(true);
    expect(['D', 'F']).toContain(sut.grade);
    // Mint logs, window logs, funders + code + balances, hub check of the bundle's funder.
    expect(requests).toBe(4);
  });

  it('finds no sniper on `clean` (its first swap is 25 blocks after liquidity), in 2 requests', async () => {
    const { result: sut, requests } = await counted(() => snipers.analyze(requestFor('clean')));
    expect(sut.status).toBe('analysed');
    expect(sut.launch?.block).toBe(m.tokens.clean.liquidityBlock);
    expect(sut.sniper_count).toBe(0);
    expect(sut.bundles).toEqual([]);
    expect(sut.score).toBe(100);
    expect(sut.grade).toBe('A+');
    expect(requests).toBe(2);
  });
});

describe('funding links on the devnet', () => {
  it('tells the exchanges (17–31 payouts each) from the ring and sniper funders by payouts near their funding', async () => {
    const tracer = new FundingTracer();
    const client = registry.get('devnet').client;
    const firstPayout = async (funder: string): Promise<number> => {
      const [trace] = (await pub.request({
        method: 'trace_filter',
        params: [{ fromAddress: [funder], fromBlock: '0x0', toBlock: '0x64', count: 1 }],
      } as never)) as { blockNumber: number }[];
      return trace.blockNumber;
    };
    const funders = [
      ...m.exchanges,
      String(m.tokens.washed.actors!.washFunder),
      String(m.tokens.sniped.actors!.sniperFunder),
    ];
    const around = await Promise.all(funders.map(firstPayout));
    const counts = await tracer.recipientCounts({
      chain: 'devnet',
      client,
      funders: funders.map((address, i) => ({ address, around: around[i] })),
      latest: latestBlock,
    });
    const [e1, e2, e3, washFunder, sniperFunder] = funders.map((f) => counts.get(f.toLowerCase()));
    for (const exchange of [e1, e2, e3]) expect(exchange).toBeGreaterThanOrEqual(10);
    expect(washFunder).toBe(3);
    expect(sniperFunder).toBe(5);
  });
});

describe('a token without a pool', () => {
  it('is not analysable on either count (not "clean")', async () => {
    const address = m.contracts.ServiceToken as Address;
    const market = await new MarketAnalyzer(registry).analyze({
      chain: 'devnet',
      address,
      decimals: 18,
      totalSupply: SUPPLY,
    });
    expect(market.tradingPairs).toEqual([]);
    const request: TradingRequest = {
      chain: 'devnet',
      address,
      pairs: market.tradingPairs,
      decimals: 18,
      totalSupply: SUPPLY,
    };
    const { result: w, requests: washRequests } = await counted(() => wash.analyze(request));
    const { result: s, requests: sniperRequests } = await counted(() => snipers.analyze(request));
    expect(w).toMatchObject({
      analysable: false,
      status: 'no_pool',
      detected: false,
      wash_volume_percent: null,
      score: null,
      grade: null,
    });
    expect(s).toMatchObject({ analysable: false, status: 'no_pool', sniper_count: 0, score: null, grade: null });
    expect(washRequests + sniperRequests).toBe(0);
  });
});

describe('Wash-trading and sniper analysis of a token that trades only in V3 pools', () => {
  const v3Request = (): TradingRequest => {
    const t = m.venues.tokens.v3_only;
    return {
      chain: 'devnet',
      address: t.address as Address,
      pairs: t.pools.map((p) => ({ address: p.address as Address, quoteAddress: m.contracts.WETH as Address })),
      decimals: 18,
      totalSupply: SUPPLY,
      latestBlock,
    };
  };

  it("counts the V3 swaps (signed amounts) in the volume: the buys and the deployer's sell of its last block", async () => {
    const sut = await wash.analyze(v3Request());
    expect(sut.status).toBe('analysed');
    expect(sut.detected).toBe(false);
    // Buys of 2 WETH (≈ 5.865M tokens from 300M / 100 WETH) and 0.2 WETH (≈ 0.5825M from 30M / 10 WETH), a sell of 2M.
    expect(sut.total_volume).toBeGreaterThan(8_400_000);
    expect(sut.total_volume).toBeLessThan(8_500_000);
  });

  it("finds the launch at the first V3 Mint (the fee-3000 pool), in the venues' block", async () => {
    const t = m.venues.tokens.v3_only;
    const sut = await snipers.analyze(v3Request());
    expect(sut.launch).toMatchObject({ block: t.deployBlock });
    expect(sut.launch!.pair.toLowerCase()).toBe(t.pools[0].address.toLowerCase());
  });
});
