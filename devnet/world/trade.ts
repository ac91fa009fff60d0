import { parseEther, parseUnits, type Address } from 'viem';
import type { TokenLabel } from '../devnet-manifest';
import type { World } from './deploy';
import { DEADLINE } from './specs';

const ROUTER = 'UniswapV2Router02';
const SWAP_GAS = 600_000n;

/** Quote-currency amount (ETH or USD, as a float) in base units. */
export function quoteUnits(w: World, label: TokenLabel, amount: number): bigint {
  return w.tokens[label].spec.quote === 'WETH' ? parseEther(amount.toFixed(6)) : parseUnits(amount.toFixed(2), 6);
}

/**
 * Queues a buy through the router. Taxed tokens use the fee-on-transfer variant, as real
 * wallets must; everything else uses the plain exact-input swap.
 */
export function queueBuy(w: World, trader: Address, label: TokenLabel, amount: number): void {
  const t = w.tokens[label];
  const router = w.core.UniswapV2Router02;
  const value = quoteUnits(w, label, amount);
  if (t.spec.quote === 'USDC') {
    w.chain.send(
      trader,
      ROUTER,
      router,
      'swapExactTokensForTokens',
      [value, 0n, [w.core.USDC, t.address], trader, DEADLINE],
      { gas: SWAP_GAS },
    );
    return;
  }
  const fn = label === 'taxed' ? 'swapExactETHForTokensSupportingFeeOnTransferTokens' : 'swapExactETHForTokens';
  w.chain.send(trader, ROUTER, router, fn, [0n, [w.core.WETH, t.address], trader, DEADLINE], { value, gas: SWAP_GAS });
}

/** Queues a sell of `amount` token base units; `expectRevert` marks deliberate failures (honeypot). */
export function queueSell(w: World, trader: Address, label: TokenLabel, amount: bigint, expectRevert = false): void {
  const t = w.tokens[label];
  const router = w.core.UniswapV2Router02;
  const opts = { gas: SWAP_GAS, expectRevert };
  if (t.spec.quote === 'USDC') {
    w.chain.send(
      trader,
      ROUTER,
      router,
      'swapExactTokensForTokens',
      [amount, 0n, [t.address, w.core.USDC], trader, DEADLINE],
      opts,
    );
    return;
  }
  const fn = label === 'taxed' ? 'swapExactTokensForETHSupportingFeeOnTransferTokens' : 'swapExactTokensForETH';
  w.chain.send(trader, ROUTER, router, fn, [amount, 0n, [t.address, w.core.WETH], trader, DEADLINE], opts);
}

export function balanceOf(w: World, label: TokenLabel, who: Address): Promise<bigint> {
  const t = w.tokens[label];
  return w.chain.read<bigint>(t.abi, t.address, 'balanceOf', [who]);
}

/** Limiter caps every transfer; sells stay just under its max transaction. */
export async function sellCap(w: World, label: TokenLabel): Promise<bigint | undefined> {
  if (label !== 'limiter') return undefined;
  const t = w.tokens[label];
  return ((await w.chain.read<bigint>(t.abi, t.address, 'maxTxAmount')) * 9n) / 10n;
}

/** Sells `percent`% of the trader's balance (capped); no-op when the balance is zero. */
export async function queueSellPercent(
  w: World,
  trader: Address,
  label: TokenLabel,
  percent: number,
): Promise<boolean> {
  let amount = ((await balanceOf(w, label, trader)) * BigInt(percent)) / 100n;
  const cap = await sellCap(w, label);
  if (cap !== undefined && amount > cap) amount = cap;
  if (amount === 0n) return false;
  queueSell(w, trader, label, amount);
  return true;
}
