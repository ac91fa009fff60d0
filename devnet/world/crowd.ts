import { maxUint256, parseEther, type Address } from 'viem';
import { toQuantity } from './rpc';
import type { World } from './deploy';
import { USDC_UNIT } from './specs';

/** Gives generated wallets native coin without a transaction, so they have no visible funder. */
export async function setBalances(w: World, wallets: Address[], ether: bigint): Promise<void> {
  const wei = toQuantity(parseEther(ether.toString()));
  await w.chain.rpc.batch(wallets.map((a) => ({ method: 'anvil_setBalance', params: [a, wei] })));
}

/** Queues router approvals for every token (and USDC) from each wallet. */
export function queueApprovals(w: World, wallets: Address[], withUsdc: boolean): void {
  const router = w.core.UniswapV2Router02;
  for (const who of wallets) {
    for (const t of Object.values(w.tokens)) {
      w.chain.send(who, t.abi, t.address, 'approve', [router, maxUint256], { gas: 100_000n });
    }
    if (withUsdc) w.chain.send(who, 'USDC', w.core.USDC, 'approve', [router, maxUint256], { gas: 100_000n });
  }
}

export function queueUsdcMint(w: World, wallets: Address[], usd: bigint): void {
  for (const who of wallets) {
    w.chain.send(w.deployer, 'USDC', w.core.USDC, 'mint', [who, usd * USDC_UNIT], { gas: 100_000n });
  }
}
