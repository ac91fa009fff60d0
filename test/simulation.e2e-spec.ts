/**
 * Trade simulation against the devnet world: every manifest token's simulated round trip must
 * match its ground-truth labels, in one JSON-RPC request. The USDC-quoted token is routed through
 * the world's permanent WETH/USDC pool; a token whose only pool is against a stablecoin without a
 * WETH pool is shown unroutable with a pool added inside a snapshot.
 */
import { createPublicClient, createTestClient, createWalletClient, defineChain, http, maxUint256, parseAbi, type Address } from 'viem';
import { readManifest, type DevnetManifest, type TokenEntry } from '../devnet';
import { TradeSimulator } from '../src/analysis/simulation/trade.simulator';
import { CountingRegistry } from './support/counting-registry';
import { loadDevnetFacts } from '../src/chain/devnet-facts';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const devnet = defineChain({ id: 31337, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
]);
const erc20Abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);


let manifest: DevnetManifest;
let registry: CountingRegistry;
let sut: TradeSimulator;

beforeAll(() => {
  manifest = readManifest();
  registry = new CountingRegistry({ config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl }, devnetFacts: loadDevnetFacts() });
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
    expect(section.limits).toMatchObject({ hasLimits: true, maxBuyPercentOfSupply: 1, buyRevertedAtPercentOfSupply: 2 });
    expect(section.limits!.buyProbes[0].revertReason).toMatch(/TRANSFER_FAILED/);
  });

  it('reports the rugged token as not simulable for lack of liquidity, not as safe', async () => {
    const { section } = await simulate(manifest.tokens.rug.address as Address);
    expect(section).toMatchObject({ possible: false, reason: 'insufficient_liquidity', isHoneypot: null, buyTax: null });
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
    expect(section).toMatchObject({ possible: true, isHoneypot: false, buyTax: 0, sellTax: 0, cannotBuy: false, cannotSell: false });
    expect(section.evidence.buyPath).toEqual([manifest.contracts.WETH, manifest.contracts.USDC, manifest.tokens.powers.address]);
    expect(section.evidence.sellPath).toEqual([...section.evidence.buyPath].reverse());
  });

  it('refuses to simulate a quote token itself without asking the node', async () => {
    const { section, requests } = await simulate(manifest.contracts.WETH as Address);
    expect(requests).toBe(0);
    expect(section.reason).toBe('quote_token');
  });

  describe('tokens that trade only in V3 or Solidly pools', () => {
    it('v3_only: a clean round trip through its deeper V3 pool, both pools found with their fee tiers, in one request', async () => {
      const token = manifest.venues.tokens.v3_only;
      const { section, requests } = await simulate(token.address);
      expect(requests).toBe(1);
      expect(section).toMatchObject({ possible: true, isHoneypot: false, cannotBuy: false, cannotSell: false, buyTax: 0, sellTax: 0, transferTax: 0 });
      expect(section.evidence).toMatchObject({ poolKind: 'v3', dex: 'Uniswap V3', pair: token.pools[0].address, router: token.pools[0].address });
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
      expect(section).toMatchObject({ possible: true, isHoneypot: true, cannotBuy: false, cannotSell: true, buyTax: 0, sellTax: null });
      expect(section.honeypotReason).toMatch(/sell reverted: TRANSFER_FAILED/);
      expect(section.evidence.poolKind).toBe('v3');
    });

    it('solidly_only: the buy and sell taxes through the Solidly router, its volatile pool found', async () => {
      const token = manifest.venues.tokens.solidly_only;
      const { section, requests } = await simulate(token.address);
      expect(requests).toBe(1);
      expect(section).toMatchObject({ possible: true, isHoneypot: false, cannotBuy: false, cannotSell: false, transferTax: 0 });
      expect(Math.abs(section.buyTax! - token.labels.buy_tax)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(section.sellTax! - token.labels.sell_tax)).toBeLessThanOrEqual(0.5);
      expect(section.evidence).toMatchObject({ poolKind: 'solidly', dex: 'Aerodrome', pair: token.pools[0].address, router: manifest.venues.contracts.SolidlyRouter });
      expect(section.evidence.pools).toEqual([expect.objectContaining({ kind: 'solidly', stable: false, feeTier: null, pair: token.pools[0].address })]);
      expect(section.limits!.buyProbes[0]).toMatchObject({ percent: 5, outcome: 'ok' });
    });
  });

  describe('when the only pool is a V3 pool against USDC (added inside a snapshot, with a V3 WETH/USDC pool)', () => {
    let snapshot: `0x${string}`;
    let pools: { token: Address; hop: Address };
    const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });

    beforeAll(async () => {
      snapshot = await testClient().snapshot();
      pools = await addServiceTokenV3Pools(manifest);
    });

    afterAll(async () => {
      await testClient().revert({ id: snapshot });
    });

    it('routes WETH → USDC → token through both V3 pools, probes sizes, and sells back', async () => {
      const svc = manifest.contracts.ServiceToken as Address;
      const { section, requests } = await simulate(svc);
      expect(requests).toBe(1);
      expect(section).toMatchObject({ possible: true, isHoneypot: false, cannotBuy: false, cannotSell: false, buyTax: 0, sellTax: 0, transferTax: 0 });
      expect(section.evidence).toMatchObject({ poolKind: 'v3', pair: pools.token, buyPath: [manifest.contracts.WETH, manifest.contracts.USDC, svc] });
      expect(section.evidence.pools).toEqual([expect.objectContaining({ kind: 'v3', feeTier: 3000, pair: pools.token, quoteSymbol: 'USDC', routable: true })]);
      // 5 % of supply is just under half the pool's 10M: the exact-output probe through the hop pool buys it.
      expect(section.limits!.buyProbes[0]).toMatchObject({ percent: 5, outcome: 'ok' });
      expect(BigInt(section.limits!.buyProbes[0].amountOut)).toBe((5_000_000n * 10n ** 18n * 999n) / 1_000n);
      expect(section.limits!.hasLimits).toBe(false);
    });
  });

  describe('when the only pool is a stable Solidly pool against USDC (added inside a snapshot, with a volatile WETH/USDC pool)', () => {
    let snapshot: `0x${string}`;
    let pool: Address;
    const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });

    beforeAll(async () => {
      snapshot = await testClient().snapshot();
      pool = await addServiceTokenSolidlyPools(manifest);
    });

    afterAll(async () => {
      await testClient().revert({ id: snapshot });
    });

    it('routes WETH → USDC → token through the Solidly router (volatile hop, stable pool), probes sizes, and sells back', async () => {
      const svc = manifest.contracts.ServiceToken as Address;
      const { section } = await simulate(svc);
      expect(section).toMatchObject({ possible: true, isHoneypot: false, cannotBuy: false, cannotSell: false, buyTax: 0, sellTax: 0 });
      expect(section.evidence).toMatchObject({ poolKind: 'solidly', pair: pool, router: manifest.venues.contracts.SolidlyRouter, buyPath: [manifest.contracts.WETH, manifest.contracts.USDC, svc] });
      expect(section.evidence.pools).toEqual([expect.objectContaining({ kind: 'solidly', stable: true, pair: pool, quoteSymbol: 'USDC', routable: true })]);
      const run = section.limits!.buyProbes.find((p) => p.outcome !== 'not_run')!;
      expect(run.outcome).toBe('ok');
      // The secant on the router's quotes lands within a hundred-thousandth of the size asked for.
      const asked = (((100_000_000n * 10n ** 18n * BigInt(Math.round(run.percent * 100))) / 10_000n) * 999n) / 1_000n;
      expect(Math.abs(Number(BigInt(run.amountOut) - asked)) / Number(asked)).toBeLessThan(1e-5);
      expect(section.limits!.hasLimits).toBe(false);
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
        devnetFacts: { ...facts, stablecoins: [{ symbol: 'SVC', address: manifest.contracts.ServiceToken as Address, decimals: 18 }] },
      });
    });

    afterAll(async () => {
      svcRegistry.close();
      await testClient().revert({ id: snapshot });
    });

    it('says the token cannot be routed', async () => {
      const section = await new TradeSimulator(svcRegistry).simulate({ chain: 'devnet', address: manifest.tokens.powers.address as Address });
      expect(section).toMatchObject({ possible: false, reason: 'no_route' });
      expect(section.evidence.pools).toEqual([expect.objectContaining({ pair: svcPair, quoteSymbol: 'SVC', routable: false })]);
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
  return pub.readContract({ address: m.contracts.UniswapV2Factory as Address, abi: factoryAbi, functionName: 'getPair', args: [powers, svc] });
}

/**
 * The deployer opens a V3 WETH/USDC pool (fee 500: 50 WETH / 150,000 USDC) and a V3 service
 * token/USDC pool (fee 3000: 10M tokens / 10,000 USDC) on the world's V3 factory.
 */
async function addServiceTokenV3Pools(m: DevnetManifest): Promise<{ token: Address; hop: Address }> {
  const deployer = m.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl) });
  const pub = createPublicClient({ transport: http(rpcUrl) });
  const [weth, usdc, svc] = [m.contracts.WETH, m.contracts.USDC, m.contracts.ServiceToken] as Address[];
  const factory = m.venues.contracts.V3Factory as Address;
  const v3Abi = parseAbi([
    'function createPool(address, address, uint24) returns (address)',
    'function getPool(address, address, uint24) view returns (address)',
    'function mint(address recipient, uint256 amount0, uint256 amount1) returns (uint256)',
    'function deposit() payable',
    'function mint(address to, uint256 amount)',
  ]);
  const E18 = 10n ** 18n;
  const send = async (hash: `0x${string}`) => expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
  await send(await wallet.writeContract({ address: usdc, abi: v3Abi, functionName: 'mint', args: [deployer, 1_000_000n * 10n ** 6n] }));
  await send(await wallet.writeContract({ address: weth, abi: v3Abi, functionName: 'deposit', value: 100n * E18 }));
  const open = async (a: Address, b: Address, fee: number, amountA: bigint, amountB: bigint): Promise<Address> => {
    await send(await wallet.writeContract({ address: factory, abi: v3Abi, functionName: 'createPool', args: [a, b, fee], gas: 5_000_000n }));
    const pool = await pub.readContract({ address: factory, abi: v3Abi, functionName: 'getPool', args: [a, b, fee] });
    for (const token of [a, b]) await send(await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [pool, maxUint256] }));
    const [amount0, amount1] = a.toLowerCase() < b.toLowerCase() ? [amountA, amountB] : [amountB, amountA];
    await send(await wallet.writeContract({ address: pool, abi: v3Abi, functionName: 'mint', args: [deployer, amount0, amount1], gas: 1_000_000n }));
    return pool;
  };
  const hop = await open(weth, usdc, 500, 50n * E18, 150_000n * 10n ** 6n);
  const token = await open(svc, usdc, 3000, 10_000_000n * E18, 10_000n * 10n ** 6n);
  return { token, hop };
}

/**
 * The deployer opens a volatile Solidly WETH/USDC pool (1,000 WETH / 3,000,000 USDC) and a stable
 * service token/USDC pool (1,000,000 each) through the world's Solidly router; returns the latter.
 */
async function addServiceTokenSolidlyPools(m: DevnetManifest): Promise<Address> {
  const deployer = m.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl) });
  const pub = createPublicClient({ transport: http(rpcUrl) });
  const [weth, usdc, svc] = [m.contracts.WETH, m.contracts.USDC, m.contracts.ServiceToken] as Address[];
  const router = m.venues.contracts.SolidlyRouter as Address;
  const abi = parseAbi([
    'function deposit() payable',
    'function mint(address to, uint256 amount)',
    'function addLiquidity(address tokenA, address tokenB, bool stable, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
    'function getPool(address, address, bool) view returns (address)',
  ]);
  const E18 = 10n ** 18n;
  const USD = 10n ** 6n;
  const send = async (hash: `0x${string}`) => expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({ address: deployer, value: 10_000n * E18 });
  await send(await wallet.writeContract({ address: usdc, abi, functionName: 'mint', args: [deployer, 5_000_000n * USD] }));
  await send(await wallet.writeContract({ address: weth, abi, functionName: 'deposit', value: 1_000n * E18 }));
  for (const token of [weth, usdc, svc]) await send(await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }));
  const add = async (a: Address, b: Address, stable: boolean, amountA: bigint, amountB: bigint) =>
    send(await wallet.writeContract({ address: router, abi, functionName: 'addLiquidity', args: [a, b, stable, amountA, amountB, 0n, 0n, deployer, 99_999_999_999n], gas: 6_000_000n }));
  await add(weth, usdc, false, 1_000n * E18, 3_000_000n * USD);
  await add(svc, usdc, true, 1_000_000n * E18, 1_000_000n * USD);
  return pub.readContract({ address: m.venues.contracts.SolidlyFactory as Address, abi, functionName: 'getPool', args: [svc, usdc, true] });
}
