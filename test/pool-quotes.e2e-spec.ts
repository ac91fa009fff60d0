/**
 * Each pool kind's quote math (src/analysis/market/pool-quotes.ts) against the pools' own answers
 * on the devnet: a V2 router's getAmountsOut, a V3 swap through the router (eth_call), a Solidly
 * pool's getAmountOut for a volatile pool and for a stable pool added inside a snapshot.
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
import { solidlyAmountOut, v2AmountOut, v3AmountOut } from '../src/analysis/market/pool-quotes';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const devnet = defineChain({
  id: 31337,
  name: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
const pub = createPublicClient({ transport: http(rpcUrl) });
const E18 = 10n ** 18n;
const DEADLINE = 99_999_999_999n;

const v2Abi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
]);
const v3Abi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24, uint16, uint16, uint16, uint8, bool)',
  'function liquidity() view returns (uint128)',
  'function fee() view returns (uint24)',
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96)) returns (uint256)',
]);
const solidlyAbi = parseAbi([
  'function getReserves() view returns (uint256, uint256, uint256)',
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
  'function token0() view returns (address)',
  'function getFee(address pool, bool stable) view returns (uint256)',
  'function getPool(address, address, bool) view returns (address)',
  'function addLiquidity(address tokenA, address tokenB, bool stable, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
]);
const erc20Abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);

let m: DevnetManifest;
beforeAll(() => {
  m = readManifest();
});

const isToken0 = (a: string, b: string) => a.toLowerCase() < b.toLowerCase();
const relativeGap = (a: bigint, b: bigint) => Math.abs(Number(a - b)) / Number(b);

describe('pool quote math against the pools on the devnet', () => {
  it('V2: equals the router getAmountsOut, both directions', async () => {
    const { address: token, pair } = m.tokens.clean;
    const weth = m.contracts.WETH as Address;
    const [r0, r1] = await pub.readContract({ address: pair as Address, abi: v2Abi, functionName: 'getReserves' });
    const [tokenReserve, wethReserve] = isToken0(token, weth) ? [r0, r1] : [r1, r0];
    for (const [amountIn, path, reserveIn, reserveOut] of [
      [E18 / 3n, [weth, token], wethReserve, tokenReserve],
      [12_345_678n * E18, [token, weth], tokenReserve, wethReserve],
    ] as const) {
      const amounts = await pub.readContract({
        address: m.contracts.UniswapV2Router02 as Address,
        abi: v2Abi,
        functionName: 'getAmountsOut',
        args: [amountIn, [...path] as Address[]],
      });
      expect(v2AmountOut({ amountIn, reserveIn, reserveOut })).toBe(amounts[1]);
    }
  });

  it('V3: within a billionth of what a swap through the pool pays, both directions (its price and liquidity from slot0 and liquidity())', async () => {
    const token = m.venues.tokens.v3_only;
    const pool = token.pools[0].address as Address;
    const weth = m.contracts.WETH as Address;
    const [[sqrtPriceX96], liquidity, fee] = await Promise.all([
      pub.readContract({ address: pool, abi: v3Abi, functionName: 'slot0' }),
      pub.readContract({ address: pool, abi: v3Abi, functionName: 'liquidity' }),
      pub.readContract({ address: pool, abi: v3Abi, functionName: 'fee' }),
    ]);
    const swapOut = (from: Address, tokenIn: Address, tokenOut: Address, amountIn: bigint) =>
      pub.simulateContract({
        account: from,
        address: m.venues.contracts.V3SwapRouter as Address,
        abi: v3Abi,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn,
            tokenOut,
            fee,
            recipient: from,
            deadline: DEADLINE,
            amountIn,
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      });
    // A venue trader holds WETH with the router approved; the venue deployer holds the token, approved too.
    const buy = await swapOut(m.venues.traders[0] as Address, weth, token.address as Address, 3n * E18);
    expect(
      relativeGap(
        v3AmountOut({ sqrtPriceX96, liquidity, fee, amountIn: 3n * E18, zeroForOne: isToken0(weth, token.address) }),
        buy.result,
      ),
    ).toBeLessThan(1e-9);
    const sell = await swapOut(m.venues.deployer as Address, token.address as Address, weth, 5_000_000n * E18);
    expect(
      relativeGap(
        v3AmountOut({
          sqrtPriceX96,
          liquidity,
          fee,
          amountIn: 5_000_000n * E18,
          zeroForOne: isToken0(token.address, weth),
        }),
        sell.result,
      ),
    ).toBeLessThan(1e-9);
  });

  it('Solidly volatile: equals the pool getAmountOut, both directions', async () => {
    const token = m.venues.tokens.solidly_only;
    await expectSolidlyQuotes({
      pool: token.pools[0].address as Address,
      stable: false,
      a: token.address as Address,
      b: m.contracts.WETH as Address,
      decimals: [18, 18],
      amounts: [[7_000_000n * E18, E18 / 7n]],
    });
  });

  describe('Solidly stable (a USDC / service token pool added inside a snapshot)', () => {
    let snapshot: `0x${string}`;
    let pool: Address;
    const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });

    beforeAll(async () => {
      snapshot = await testClient().snapshot();
      pool = await addStablePool(m);
    });
    afterAll(async () => {
      await testClient().revert({ id: snapshot });
    });

    it('equals the pool getAmountOut (6 and 18 decimals, both directions, small and large trades)', async () => {
      await expectSolidlyQuotes({
        pool,
        stable: true,
        a: m.contracts.USDC as Address,
        b: m.contracts.ServiceToken as Address,
        decimals: [6, 18],
        amounts: [
          [1_000n * 10n ** 6n, 1_000n * E18],
          [60_000n * 10n ** 6n, 150_000n * E18],
          [7n, 13n],
        ],
      });
    });
  });
});

/** Compares TS and the pool for each [amount of a, amount of b]. */
async function expectSolidlyQuotes(p: {
  pool: Address;
  stable: boolean;
  a: Address;
  b: Address;
  decimals: [number, number];
  amounts: [bigint, bigint][];
}) {
  const [[r0, r1], token0] = await Promise.all([
    pub.readContract({ address: p.pool, abi: solidlyAbi, functionName: 'getReserves' }),
    pub.readContract({ address: p.pool, abi: solidlyAbi, functionName: 'token0' }),
  ]);
  const feeBps = await pub.readContract({
    address: m.venues.contracts.SolidlyFactory as Address,
    abi: solidlyAbi,
    functionName: 'getFee',
    args: [p.pool, p.stable],
  });
  const aIs0 = token0.toLowerCase() === p.a.toLowerCase();
  const [reserveA, reserveB] = aIs0 ? [r0, r1] : [r1, r0];
  for (const [amountA, amountB] of p.amounts) {
    for (const [amountIn, tokenIn, reserveIn, reserveOut, decimalsIn, decimalsOut] of [
      [amountA, p.a, reserveA, reserveB, p.decimals[0], p.decimals[1]],
      [amountB, p.b, reserveB, reserveA, p.decimals[1], p.decimals[0]],
    ] as const) {
      const expected = await pub.readContract({
        address: p.pool,
        abi: solidlyAbi,
        functionName: 'getAmountOut',
        args: [amountIn, tokenIn],
      });
      expect(
        solidlyAmountOut({ amountIn, reserveIn, reserveOut, stable: p.stable, feeBps, decimalsIn, decimalsOut }),
      ).toBe(expected);
    }
  }
}

/** The main deployer pairs 100,000 USDC with 100,000 service tokens in a stable Solidly pool; returns it. */
async function addStablePool(manifest: DevnetManifest): Promise<Address> {
  const deployer = manifest.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl) });
  const [usdc, svc] = [manifest.contracts.USDC as Address, manifest.contracts.ServiceToken as Address];
  const router = manifest.venues.contracts.SolidlyRouter as Address;
  for (const hash of [
    await wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
    await wallet.writeContract({ address: svc, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
    await wallet.writeContract({
      address: router,
      abi: solidlyAbi,
      functionName: 'addLiquidity',
      args: [usdc, svc, true, 100_000n * 10n ** 6n, 100_000n * E18, 0n, 0n, deployer, DEADLINE],
      gas: 6_000_000n,
    }),
  ]) {
    const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(receipt.status).toBe('success');
  }
  return pub.readContract({
    address: manifest.venues.contracts.SolidlyFactory as Address,
    abi: solidlyAbi,
    functionName: 'getPool',
    args: [usdc, svc, true],
  });
}
