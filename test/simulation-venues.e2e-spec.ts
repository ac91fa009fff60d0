/**
 * Trade simulation through pools other than a V2 pair with WETH, each added inside a snapshot: a
 * V3 pool against USDC (two V3 hops), a fee-on-transfer token whose deepest pool is V3 (the sell a
 * seller meets), a stable Solidly pool against USDC (the router's two-hop route).
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
import { readManifest, type DevnetManifest } from '../devnet';
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

const simulate = async (address: Address) => {
  registry.requests = 0;
  const section = await sut.simulate({ chain: 'devnet', address });
  return { section, requests: registry.requests };
};

describe('TradeSimulator through V3 and Solidly pools added on the devnet', () => {
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
        pair: pools.token,
        buyPath: [manifest.contracts.WETH, manifest.contracts.USDC, svc],
      });
      expect(section.evidence.pools).toEqual([
        expect.objectContaining({ kind: 'v3', feeTier: 3000, pair: pools.token, quoteSymbol: 'USDC', routable: true }),
      ]);
      // 5 % of supply is just under half the pool's 10M: the exact-output probe through the hop pool buys it.
      expect(section.limits!.buyProbes[0]).toMatchObject({ percent: 5, outcome: 'ok' });
      expect(BigInt(section.limits!.buyProbes[0].amountOut)).toBe((5_000_000n * 10n ** 18n * 999n) / 1_000n);
      expect(section.limits!.hasLimits).toBe(false);
    });
  });

  describe("when a fee-on-transfer token's deepest pool is a V3 pool (added inside a snapshot)", () => {
    let snapshot: `0x${string}`;
    let pool: Address;
    const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });

    beforeAll(async () => {
      snapshot = await testClient().snapshot();
      pool = await addTaxedV3Pool(manifest);
    });

    afterAll(async () => {
      await testClient().revert({ id: snapshot });
    });

    it('does not call it a honeypot: the V3 pool refuses the short payment, so the round trip goes through its V2 pair, and says so', async () => {
      const { section, requests } = await simulate(manifest.tokens.taxed.address as Address);
      expect(requests).toBe(2);
      expect(section.evidence).toMatchObject({
        poolKind: 'v2',
        pair: manifest.tokens.taxed.pair,
        v3Refused: {
          pool,
          reason: expect.stringMatching(/sell reverted: the token takes a fee on transfers into the V3 pool/),
        },
      });
      expect(section.evidence.pools.map((p) => p.pair)).toEqual(
        expect.arrayContaining([pool, manifest.tokens.taxed.pair]),
      );
      expect(section).toMatchObject({ possible: true, cannotBuy: false, cannotSell: false, isHoneypot: false });
      expect(Math.abs(section.buyTax! - manifest.tokens.taxed.labels.buy_tax)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(section.sellTax! - manifest.tokens.taxed.labels.sell_tax)).toBeLessThanOrEqual(0.5);
      expect(section.detail).toMatch(
        new RegExp(
          `^the deepest pool, a V3 pool \\(${pool}\\), refuses this token's sells .*; the round trip went through Uniswap V2 instead$`,
        ),
      );
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
      expect(section).toMatchObject({
        possible: true,
        isHoneypot: false,
        cannotBuy: false,
        cannotSell: false,
        buyTax: 0,
        sellTax: 0,
      });
      expect(section.evidence).toMatchObject({
        poolKind: 'solidly',
        pair: pool,
        router: manifest.venues.contracts.SolidlyRouter,
        buyPath: [manifest.contracts.WETH, manifest.contracts.USDC, svc],
      });
      expect(section.evidence.pools).toEqual([
        expect.objectContaining({ kind: 'solidly', stable: true, pair: pool, quoteSymbol: 'USDC', routable: true }),
      ]);
      const run = section.limits!.buyProbes.find((p) => p.outcome !== 'not_run')!;
      expect(run.outcome).toBe('ok');
      // The secant on the router's quotes lands within a hundred-thousandth of the size asked for.
      const asked = (((100_000_000n * 10n ** 18n * BigInt(Math.round(run.percent * 100))) / 10_000n) * 999n) / 1_000n;
      expect(Math.abs(Number(BigInt(run.amountOut) - asked)) / Number(asked)).toBeLessThan(1e-5);
      expect(section.limits!.hasLimits).toBe(false);
    });
  });
});

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
  const send = async (hash: `0x${string}`) =>
    expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
  await send(
    await wallet.writeContract({
      address: usdc,
      abi: v3Abi,
      functionName: 'mint',
      args: [deployer, 1_000_000n * 10n ** 6n],
    }),
  );
  await send(await wallet.writeContract({ address: weth, abi: v3Abi, functionName: 'deposit', value: 100n * E18 }));
  const open = async (a: Address, b: Address, fee: number, amountA: bigint, amountB: bigint): Promise<Address> => {
    await send(
      await wallet.writeContract({
        address: factory,
        abi: v3Abi,
        functionName: 'createPool',
        args: [a, b, fee],
        gas: 5_000_000n,
      }),
    );
    const pool = await pub.readContract({ address: factory, abi: v3Abi, functionName: 'getPool', args: [a, b, fee] });
    for (const token of [a, b])
      await send(
        await wallet.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [pool, maxUint256],
        }),
      );
    const [amount0, amount1] = a.toLowerCase() < b.toLowerCase() ? [amountA, amountB] : [amountB, amountA];
    await send(
      await wallet.writeContract({
        address: pool,
        abi: v3Abi,
        functionName: 'mint',
        args: [deployer, amount0, amount1],
        gas: 1_000_000n,
      }),
    );
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
  const send = async (hash: `0x${string}`) =>
    expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
    address: deployer,
    value: 10_000n * E18,
  });
  await send(
    await wallet.writeContract({ address: usdc, abi, functionName: 'mint', args: [deployer, 5_000_000n * USD] }),
  );
  await send(await wallet.writeContract({ address: weth, abi, functionName: 'deposit', value: 1_000n * E18 }));
  for (const token of [weth, usdc, svc])
    await send(
      await wallet.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, maxUint256],
      }),
    );
  const add = async (a: Address, b: Address, stable: boolean, amountA: bigint, amountB: bigint) =>
    send(
      await wallet.writeContract({
        address: router,
        abi,
        functionName: 'addLiquidity',
        args: [a, b, stable, amountA, amountB, 0n, 0n, deployer, 99_999_999_999n],
        gas: 6_000_000n,
      }),
    );
  await add(weth, usdc, false, 1_000n * E18, 3_000_000n * USD);
  await add(svc, usdc, true, 1_000_000n * E18, 1_000_000n * USD);
  return pub.readContract({
    address: m.venues.contracts.SolidlyFactory as Address,
    abi,
    functionName: 'getPool',
    args: [svc, usdc, true],
  });
}

/** The taxed token's owner opens a V3 pool deeper than its V2 pair (200 WETH) and registers it as a pair, so its taxes apply there. */
async function addTaxedV3Pool(m: DevnetManifest): Promise<Address> {
  const deployer = m.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl) });
  const pub = createPublicClient({ transport: http(rpcUrl) });
  const [weth, taxed] = [m.contracts.WETH, m.tokens.taxed.address] as Address[];
  const factory = m.venues.contracts.V3Factory as Address;
  const abi = parseAbi([
    'function createPool(address, address, uint24) returns (address)',
    'function getPool(address, address, uint24) view returns (address)',
    'function mint(address recipient, uint256 amount0, uint256 amount1) returns (uint256)',
    'function deposit() payable',
    'function setPair(address pair, bool enabled)',
  ]);
  const E18 = 10n ** 18n;
  const send = async (hash: `0x${string}`) =>
    expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
    address: deployer,
    value: 10_000n * E18,
  });
  await send(await wallet.writeContract({ address: weth, abi, functionName: 'deposit', value: 200n * E18 }));
  await send(
    await wallet.writeContract({
      address: factory,
      abi,
      functionName: 'createPool',
      args: [taxed, weth, 3000],
      gas: 5_000_000n,
    }),
  );
  const pool = await pub.readContract({ address: factory, abi, functionName: 'getPool', args: [taxed, weth, 3000] });
  for (const token of [weth, taxed])
    await send(
      await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [pool, maxUint256] }),
    );
  const [tokens, eth] = [200_000_000n * E18, 200n * E18];
  const [amount0, amount1] = taxed.toLowerCase() < weth.toLowerCase() ? [tokens, eth] : [eth, tokens];
  await send(
    await wallet.writeContract({
      address: pool,
      abi,
      functionName: 'mint',
      args: [deployer, amount0, amount1],
      gas: 1_000_000n,
    }),
  );
  await send(await wallet.writeContract({ address: taxed, abi, functionName: 'setPair', args: [pool, true] }));
  return pool;
}
