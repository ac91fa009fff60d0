import type { Address } from 'viem';
import type { ReferencePool } from '../devnet-manifest';
import { step, type World } from './deploy';
import { Random } from './random';
import { DEADLINE, E18, USDC_UNIT } from './specs';
import type { Timeline } from './timeline';

const SEED_WETH = 300n;
const SEED_USDC = 900_000n;
/** The USD price of WETH the pool opens at and drifts back toward. */
const WETH_USD = Number(SEED_USDC / SEED_WETH);
const SWAP_GAS = 600_000n;
/** USDC a trader keeps for its `powers` buys (up to 5,000 USD each) before selling USDC for ETH. */
const USDC_RESERVE = 10_000n * USDC_UNIT;

/**
 * Setup block: the deployer opens the WETH/USDC pair with 300 WETH / 900,000 USDC, so every
 * WETH-quoted token has a USD price for the whole history. preparePairs already approved USDC.
 */
export async function seedWethUsdcPool(w: World): Promise<ReferencePool> {
  const { USDC, UniswapV2Router02: router, UniswapV2Factory: factory, WETH } = w.core;
  w.chain.send(w.deployer, 'USDC', USDC, 'mint', [w.deployer, SEED_USDC * USDC_UNIT]);
  w.chain.send(
    w.deployer,
    'UniswapV2Router02',
    router,
    'addLiquidityETH',
    [USDC, SEED_USDC * USDC_UNIT, 0n, 0n, w.deployer, DEADLINE],
    {
      value: SEED_WETH * E18,
      gas: 5_000_000n,
    },
  );
  await step(w);
  return {
    address: await w.chain.read<Address>('UniswapV2Factory', factory, 'getPair', [WETH, USDC]),
    liquidityBlock: w.chain.blockNumber,
    seeded: { WETH: Number(SEED_WETH), USDC: Number(SEED_USDC) },
  };
}

/**
 * Organic WETH/USDC flow, in the blocks of the organic token trades (`offsets`): 0–2 swaps per
 * block by crowd traders. Its own seed leaves the token history's random stream untouched; the
 * side is biased toward pulling the price back to 3,000 USD, as arbitrage would.
 */
export function wethUsdcFlow(params: { tl: Timeline; traders: Address[]; offsets: number[]; pool: Address }): void {
  const rnd = new Random(3000);
  for (const offset of params.offsets) {
    params.tl.at(offset, async (w) => {
      for (const trader of rnd.sample(params.traders, rnd.pick([0, 1, 1, 2]))) {
        const price = await wethPrice(w, params.pool);
        const sellEth = rnd.next() < 0.5 + Math.max(-0.35, Math.min(0.35, (price / WETH_USD - 1) * 6));
        if (sellEth) queueEthForUsdc(w, trader, 0.2 + 3.8 * rnd.next());
        else await queueUsdcForEth(w, trader, 500 + rnd.int(0, 11_500));
      }
    });
  }
}

async function wethPrice(w: World, pool: Address): Promise<number> {
  const [r0, r1] = await w.chain.read<readonly [bigint, bigint, number]>('UniswapV2Pair', pool, 'getReserves');
  const usdcIsToken0 = w.core.USDC.toLowerCase() < w.core.WETH.toLowerCase();
  const [usdc, weth] = usdcIsToken0 ? [r0, r1] : [r1, r0];
  return Number(usdc) / 1e6 / (Number(weth) / 1e18);
}

function queueEthForUsdc(w: World, trader: Address, eth: number): void {
  const value = BigInt(Math.round(eth * 1e6)) * 10n ** 12n;
  w.chain.send(
    trader,
    'UniswapV2Router02',
    w.core.UniswapV2Router02,
    'swapExactETHForTokens',
    [0n, [w.core.WETH, w.core.USDC], trader, DEADLINE],
    {
      value,
      gas: SWAP_GAS,
    },
  );
}

/** Sells USDC only out of what the trader holds above its reserve; otherwise skips the swap. */
async function queueUsdcForEth(w: World, trader: Address, usd: number): Promise<void> {
  const amount = BigInt(usd) * USDC_UNIT;
  const balance = await w.chain.read<bigint>('USDC', w.core.USDC, 'balanceOf', [trader]);
  if (balance < amount + USDC_RESERVE) return;
  w.chain.send(
    trader,
    'UniswapV2Router02',
    w.core.UniswapV2Router02,
    'swapExactTokensForETH',
    [amount, 0n, [w.core.USDC, w.core.WETH], trader, DEADLINE],
    {
      gas: SWAP_GAS,
    },
  );
}
