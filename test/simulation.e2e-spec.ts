/**
 * Trade simulation against the devnet world: every manifest token's simulated round trip must
 * match its ground-truth labels, in one JSON-RPC request. The USDC-quoted token is routed through
 * the world's permanent WETH/USDC pool; a token whose only pool is against a stablecoin without a
 * WETH pool is shown unroutable with a pool added inside a snapshot.
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  maxUint256,
  parseAbi,
  type Address,
} from 'viem';
import { readManifest, type DevnetManifest, type TokenEntry } from '../devnet';
import { TradeSimulator } from '../src/analysis/simulation/trade.simulator';
import { CountingRegistry } from './support/counting-registry';
import { loadDevnetFacts } from '../src/chain/devnet-facts';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const devnet = defineChain({
  id: 31337,
  name: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
]);
const erc20Abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);

let manifest: DevnetManifest;
let registry: CountingRegistry;
let sut: TradeSimulator;

beforeAll(() => {
  manifest = readManifest();
  registry = new CountingRegistry({
    config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl },
    devnetFacts: loadDevnetFacts(),
  });
  sut = new TradeSimulator(registry);
  sut.onModuleInit();
});

afterAll(() => registry.close());

const tokens = (): [string, TokenEntry][] => Object.entries(readManifest().tokens);
const simulate = async (address: Address) => {
  registry.requests = 0;
  const section = await sut.simulate({ chain: 'devnet', address });
  return { section, requests: registry.requests };
};

describe('TradeSimulator on the devnet world', () => {
  it.each(tokens().filter(([label]) => label !== 'rug'))(
    '%s: honeypot, taxes and limits match the labels, in one request',
    async (_label, token) => {
      const { section, requests } = await simulate(token.address as Address);
      expect(requests).toBe(1);
      expect(section.possible).toBe(true);
      expect(section.isHoneypot).toBe(token.labels.is_honeypot);
      expect(section.cannotBuy).toBe(false);
      expect(Math.abs(section.buyTax! - token.labels.buy_tax)).toBeLessThanOrEqual(0.5);
      if (token.labels.is_honeypot) {
        expect(section.sellTax).toBeNull();
        expect(section.honeypotReason).toMatch(/sell reverted/);
      } else {
        expect(Math.abs(section.sellTax! - token.labels.sell_tax)).toBeLessThanOrEqual(0.5);
        expect(section.transferTax).toBe(0);
      }
      expect(section.limits!.hasLimits).toBe(token.labels.has_limits);
      expect(section.evidence.pair).toBe(token.pair);
      expect(section.gas.buy).toBeGreaterThan(20_000);
    },
  );

  it('finds the limiter token max transaction (1% of supply) between its probes', async () => {
    const { section } = await simulate(manifest.tokens.limiter.address as Address);
    expect(section.limits).toMatchObject({
      hasLimits: true,
      maxBuyPercentOfSupply: 1,
      buyRevertedAtPercentOfSupply: 2,
    });
    expect(section.limits!.buyProbes[0].revertReason).toMatch(/TRANSFER_FAILED/);
  });

  it('reports the rugged token as not simulable for lack of liquidity, not as safe', async () => {
    const { section } = await simulate(manifest.tokens.rug.address as Address);
    expect(section).toMatchObject({
      possible: false,
      reason: 'insufficient_liquidity',
      isHoneypot: null,
      buyTax: null,
    });
    expect(section.evidence.pools[0].pair).toBe(manifest.tokens.rug.pair);
  });

  it('says a token without any pool cannot be simulated', async () => {
    const { section, requests } = await simulate(manifest.contracts.ServiceToken as Address);
    expect(requests).toBe(1);
    expect(section).toMatchObject({ possible: false, reason: 'no_pool', isHoneypot: null, evidence: { pools: [] } });
  });

  it('buys the USDC-quoted token through WETH → USDC → token and sells it back', async () => {
    const { section, requests } = await simulate(manifest.tokens.powers.address as Address);
    expect(requests).toBe(1);
    expect(section).toMatchObject({
      possible: true,
      isHoneypot: false,
      buyTax: 0,
      sellTax: 0,
      cannotBuy: false,
      cannotSell: false,
    });
    expect(section.evidence.buyPath).toEqual([
      manifest.contracts.WETH,
      manifest.contracts.USDC,
      manifest.tokens.powers.address,
    ]);
    expect(section.evidence.sellPath).toEqual([...section.evidence.buyPath].reverse());
  });

  it('refuses to simulate a quote token itself without asking the node', async () => {
    const { section, requests } = await simulate(manifest.contracts.WETH as Address);
    expect(requests).toBe(0);
    expect(section.reason).toBe('quote_token');
  });

  describe('later round trips (block overrides in the same batch)', () => {
    const head = async () => {
      const block = await createPublicClient({ transport: http(rpcUrl) }).getBlock();
      return { number: block.number, timestamp: block.timestamp };
    };
    const simulateWithHead = async (address: Address) => {
      const at = await head();
      registry.requests = 0;
      const section = await sut.simulate({ chain: 'devnet', address, head: at });
      return { section, requests: registry.requests, at };
    };

    it("finds the time bomb's sell tax jump between the probes around its switch, with its time, in one request", async () => {
      const bomb = manifest.traps.time_bomb;
      const { section, requests, at } = await simulateWithHead(bomb.address as Address);
      expect(requests).toBe(1);
      expect(section).toMatchObject({ possible: true, isHoneypot: false });
      expect(Math.abs(section.sellTax! - bomb.sellFeeNow)).toBeLessThanOrEqual(0.5);
      const check = section.timeBomb!;
      expect(check).toMatchObject({ detected: true, change: 'sell_tax_rises' });
      // The switch is two days after the last block: the +1 day probe still sees 3%, the +7 days one 90%.
      const switchIn = bomb.settlesAt - Number(at.timestamp);
      const after = check.probes.filter((p) => p.afterSeconds < switchIn);
      expect(after.length).toBeGreaterThan(0);
      for (const p of after) expect(Math.abs(p.sellTax! - bomb.sellFeeNow)).toBeLessThanOrEqual(0.5);
      expect(check.effectiveAfterSeconds).toBe(after[after.length - 1].afterSeconds);
      expect(check.effectiveBySeconds).toBe(7 * 86_400);
      const by = check.probes.find((p) => p.afterSeconds === check.effectiveBySeconds)!;
      expect(Math.abs(by.sellTax! - bomb.sellFeeLater)).toBeLessThanOrEqual(1);
      expect(by.timestamp).toBe(Number(at.timestamp) + 7 * 86_400);
      expect(check.effectiveBy).toBe(new Date(by.timestamp * 1000).toISOString());
      expect(check.detail).toMatch(
        /sell tax rises from (2\.9\d|3)% to (89\.9\d|90)% between 1 day and 7 days from now/,
      );
    });

    it('finds no time bomb on the clean token: every later round trip matches today', async () => {
      const { section, requests } = await simulateWithHead(manifest.tokens.clean.address as Address);
      expect(requests).toBe(1);
      expect(section.timeBomb).toMatchObject({ detected: false, change: null });
      expect(section.timeBomb!.probes.map((p) => p.label)).toEqual(['+1 hour', '+1000 blocks', '+1 day', '+7 days']);
      for (const p of section.timeBomb!.probes)
        expect(p).toMatchObject({ possible: true, buySucceeded: true, sellSucceeded: true, sellTax: 0 });
    });

    it('does not look for a time bomb in a token that is a honeypot today', async () => {
      const { section } = await simulateWithHead(manifest.tokens.honeypot.address as Address);
      expect(section.isHoneypot).toBe(true);
      expect(section.timeBomb).toBeNull();
    });
  });

  describe('tokens that trade only in V3 or Solidly pools', () => {
    it('v3_only: a clean round trip through its deeper V3 pool, both pools found with their fee tiers, in one request', async () => {
      const token = manifest.venues.tokens.v3_only;
      const { section, requests } = await simulate(token.address);
      expect(requests).toBe(1);
      expect(section).toMatchObject({
        possible: true,
        isHoneypot: false,
        cannotBuy: false,
        cannotSell: false,
        buyTax: 0,
        sellTax: 0,
        transferTax: 0,
      });
      expect(section.evidence).toMatchObject({
        poolKind: 'v3',
        dex: 'Uniswap V3',
        pair: token.pools[0].address,
        router: token.pools[0].address,
      });
      expect(section.evidence.pools.map((p) => [p.kind, p.pair, p.feeTier, p.stable, p.routable])).toEqual([
        ['v3', token.pools[0].address, 3000, null, true],
        ['v3', token.pools[1].address, 10000, null, true],
      ]);
      expect(section.limits!.hasLimits).toBe(false);
      expect(section.limits!.buyProbes[0]).toMatchObject({ percent: 5, outcome: 'ok' });
      expect(section.gas.buy).toBeGreaterThan(20_000);
    });

    it('v3_honeypot: buys work, the sell into its V3 pool reverts', async () => {
      const { section } = await simulate(manifest.venues.tokens.v3_honeypot.address);
      expect(section).toMatchObject({
        possible: true,
        isHoneypot: true,
        cannotBuy: false,
        cannotSell: true,
        buyTax: 0,
        sellTax: null,
      });
      expect(section.honeypotReason).toMatch(/sell reverted: TRANSFER_FAILED/);
      expect(section.evidence.poolKind).toBe('v3');
    });

    it('solidly_only: the buy and sell taxes through the Solidly router, its volatile pool found', async () => {
      const token = manifest.venues.tokens.solidly_only;
      const { section, requests } = await simulate(token.address);
      expect(requests).toBe(1);
      expect(section).toMatchObject({
        possible: true,
        isHoneypot: false,
        cannotBuy: false,
        cannotSell: false,
        transferTax: 0,
      });
      expect(Math.abs(section.buyTax! - token.labels.buy_tax)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(section.sellTax! - token.labels.sell_tax)).toBeLessThanOrEqual(0.5);
      expect(section.evidence).toMatchObject({
        poolKind: 'solidly',
        dex: 'Aerodrome',
        pair: token.pools[0].address,
        router: manifest.venues.contracts.SolidlyRouter,
      });
      expect(section.evidence.pools).toEqual([
        expect.objectContaining({ kind: 'solidly', stable: false, feeTier: null, pair: token.pools[0].address }),
      ]);
      expect(section.limits!.buyProbes[0]).toMatchObject({ percent: 5, outcome: 'ok' });
    });
  });

  describe('when the only pool is against a stablecoin that has no WETH pool (added inside a snapshot)', () => {
    let snapshot: `0x${string}`;
    let svcPair: Address;
    let svcRegistry: CountingRegistry;
    const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });

    beforeAll(async () => {
      snapshot = await testClient().snapshot();
      svcPair = await addPowersServiceTokenPool(manifest);
      // The service token plays the chain's only stablecoin: powers/SVC is then the token's one pool, and no WETH/SVC pool exists.
      const facts = loadDevnetFacts();
      svcRegistry = new CountingRegistry({
        config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl },
        devnetFacts: {
          ...facts,
          stablecoins: [{ symbol: 'SVC', address: manifest.contracts.ServiceToken as Address, decimals: 18 }],
        },
      });
    });

    afterAll(async () => {
      svcRegistry.close();
      await testClient().revert({ id: snapshot });
    });

    it('says the token cannot be routed', async () => {
      const section = await new TradeSimulator(svcRegistry).simulate({
        chain: 'devnet',
        address: manifest.tokens.powers.address as Address,
      });
      expect(section).toMatchObject({ possible: false, reason: 'no_route' });
      expect(section.evidence.pools).toEqual([
        expect.objectContaining({ pair: svcPair, quoteSymbol: 'SVC', routable: false }),
      ]);
    });
  });
});

/** The deployer pairs 1,000,000 POWER with 1,000,000 service tokens; returns the pair. */
async function addPowersServiceTokenPool(m: DevnetManifest): Promise<Address> {
  const deployer = m.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl) });
  const pub = createPublicClient({ transport: http(rpcUrl) });
  const [powers, svc] = [m.tokens.powers.address as Address, m.contracts.ServiceToken as Address];
  const router = m.contracts.UniswapV2Router02 as Address;
  const amount = 1_000_000n * 10n ** 18n;
  for (const hash of [
    await wallet.writeContract({ address: powers, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
    await wallet.writeContract({ address: svc, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
    await wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: 'addLiquidity',
      args: [powers, svc, amount, amount, 0n, 0n, deployer, 99_999_999_999n],
      gas: 5_000_000n,
    }),
  ]) {
    const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(receipt.status).toBe('success');
  }
  const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
  return pub.readContract({
    address: m.contracts.UniswapV2Factory as Address,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [powers, svc],
  });
}
