import { clampScore } from '../scoring/grades';
import type { FundingLink } from './funding-links';
import type { Trade } from './trade-extraction';
import type { SniperStatus } from './trading.types';

/**
 * Sniper window: the first 36 seconds of trading at the chain's nominal block time, never fewer
 * than 3 blocks (Ethereum: 3 blocks, counting the launch block itself; BSC at 0.75 s: 48). On the
 * devnet (12 s nominal) that is the launch block and the next two; `clean`'s first swap comes 25
 * blocks after its liquidity and `sniped`'s organic trading 4 blocks after, so neither window can
 * catch an organic buyer.
 */
export const SNIPER_WINDOW_SECONDS = 36;
export const MIN_SNIPER_WINDOW_BLOCKS = 3;
/** Below this share of what was bought, a remaining balance is dust: sold fully. */
const DUST_FRACTION = 100n;

export function sniperWindowBlocks(blockTimeMs: number): number {
  return Math.max(MIN_SNIPER_WINDOW_BLOCKS, Math.ceil((SNIPER_WINDOW_SECONDS * 1000) / Math.max(1, blockTimeMs)));
}

export interface Launch {
  pair: string;
  block: number;
  logIndex: number;
}

export interface SniperBuy {
  wallet: string;
  block: number;
  bought: bigint;
}

/** Buys after the first Mint (same block, later log) through launch.block + windowBlocks − 1. */
export function sniperBuys(trades: Trade[], launch: Launch, windowBlocks: number): SniperBuy[] {
  const last = launch.block + windowBlocks - 1;
  const byWallet = new Map<string, SniperBuy>();
  for (const t of trades) {
    if (t.side !== 'buy' || t.block > last) continue;
    if (t.block < launch.block || (t.block === launch.block && t.logIndex < launch.logIndex)) continue;
    const b = byWallet.get(t.wallet) ?? { wallet: t.wallet, block: t.block, bought: 0n };
    b.bought += t.amount;
    byWallet.set(t.wallet, b);
  }
  return [...byWallet.values()].sort((a, b) => a.block - b.block || (b.bought > a.bought ? 1 : -1));
}

export function sniperStatus(bought: bigint, balance: bigint): SniperStatus {
  if (balance * DUST_FRACTION <= bought) return 'sold_fully';
  return balance < bought ? 'sold_partly' : 'holding';
}

export interface BundleDraft {
  funder: string;
  wallets: string[];
  fundingBlock: number;
  sameBlock: boolean;
}

/** Snipers funded by one source (not a hub): a bundle. Sorted by size, largest first. */
export function findBundles(params: {
  wallets: string[];
  links: Map<string, FundingLink>;
  hubs: Set<string>;
}): BundleDraft[] {
  const byFunder = new Map<string, string[]>();
  for (const w of params.wallets) {
    const funder = params.links.get(w)?.funder;
    if (!funder || params.hubs.has(funder)) continue;
    byFunder.set(funder, [...(byFunder.get(funder) ?? []), w]);
  }
  const bundles: BundleDraft[] = [];
  for (const [funder, wallets] of byFunder) {
    if (wallets.length < 2) continue;
    const blocks = wallets.map((w) => params.links.get(w)!.block);
    bundles.push({
      funder,
      wallets: [...wallets].sort(),
      fundingBlock: Math.min(...blocks),
      sameBlock: new Set(blocks).size === 1,
    });
  }
  return bundles.sort((a, b) => b.wallets.length - a.wallets.length);
}

/**
 * 100 minus 5 per sniper (at most 40), minus 2.5 per percent of supply they bought (at most 25),
 * minus 2 per percent they still hold (at most 20: they can still dump it), minus 25 for a bundle.
 */
export function sniperScore(p: {
  count: number;
  boughtPercent: number;
  holdingPercent: number;
  bundles: number;
}): number {
  return clampScore(
    100 -
      Math.min(40, 5 * p.count) -
      Math.min(25, 2.5 * p.boughtPercent) -
      Math.min(20, 2 * p.holdingPercent) -
      (p.bundles > 0 ? 25 : 0),
  );
}

/** Raw amount as a percent of supply, two decimals. */
export function percentOf(amount: bigint, supply: bigint): number {
  if (supply === 0n) return 0;
  return Number((amount * 1_000_000n) / supply) / 10_000;
}
