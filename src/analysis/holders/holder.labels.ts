import { BURN_ADDRESSES, ZERO_ADDRESS } from '../../chain/burn-addresses';
import type { DistributionLabel, HolderTag, WhaleActivityLabel } from './holders.types';

/**
 * Distribution, from the top-10 share of the circulating supply (pairs and burn addresses left
 * out), in percent: below 30 HEALTHY, 30 to < 50 MODERATE, 50 to < 70 CONCENTRATED, 70 and above
 * HIGHLY_CONCENTRATED. Ten wallets owning over half of what can trade can move the price at will.
 */
export const DISTRIBUTION_THRESHOLDS = { moderate: 30, concentrated: 50, highlyConcentrated: 70 } as const;

/**
 * Whale activity, from how many large holders moved tokens (sent or received) in the last 24 h of
 * chain time. A large holder holds at least 1% of the total supply now or held it 24 h ago (so a
 * whale that sold out still counts). 0 LOW, 1–2 MODERATE, 3–5 HIGH, 6 and more VERY_HIGH.
 */
export const WHALE_THRESHOLDS = { largeHolderPercent: 1, moderate: 1, high: 3, veryHigh: 6 } as const;

/** A large transaction moves at least this share of the total supply, in percent. */
export const LARGE_TRANSACTION_PERCENT = 1;

export function distributionLabel(top10Percentage: number): DistributionLabel {
  if (top10Percentage >= DISTRIBUTION_THRESHOLDS.highlyConcentrated) return 'HIGHLY_CONCENTRATED';
  if (top10Percentage >= DISTRIBUTION_THRESHOLDS.concentrated) return 'CONCENTRATED';
  if (top10Percentage >= DISTRIBUTION_THRESHOLDS.moderate) return 'MODERATE';
  return 'HEALTHY';
}

export function whaleActivityLabel(largeHoldersMoved: number): WhaleActivityLabel {
  if (largeHoldersMoved >= WHALE_THRESHOLDS.veryHigh) return 'VERY_HIGH';
  if (largeHoldersMoved >= WHALE_THRESHOLDS.high) return 'HIGH';
  if (largeHoldersMoved >= WHALE_THRESHOLDS.moderate) return 'MODERATE';
  return 'LOW';
}

/** Tags of one address (0x0 is tagged `zero`, not `burn`); `pairs` and the address are lowercase. */
export function holderTags(address: string, pairs: ReadonlySet<string>, isContract: boolean): HolderTag[] {
  const tags: HolderTag[] = [];
  if (pairs.has(address)) tags.push('pair');
  if (BURN_ADDRESSES.includes(address)) tags.push('burn');
  if (address === ZERO_ADDRESS) tags.push('zero');
  if (isContract) tags.push('contract');
  return tags;
}

/** Left out of the holder count and the concentration shares. */
export function isExcludedTag(tags: readonly HolderTag[]): boolean {
  return tags.some((t) => t !== 'contract');
}
