/** Share math of the holder section, in bigint until the very end so uint256 supplies stay exact. */

export interface RankedBalance {
  holder: string;
  balance: bigint;
}

/** `part / whole` in percent with 2 decimals (rounded down); 0 when `whole` is not positive; at most 100. */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole <= 0n || part <= 0n) return 0;
  const basisPoints = (part * 10_000n) / whole;
  return Math.min(100, Number(basisPoints) / 100);
}

/** Total supply minus what burn addresses hold (never negative). */
export function circulatingSupply(totalSupply: bigint, burned: bigint): bigint {
  const circulating = totalSupply - (burned > 0n ? burned : 0n);
  return circulating > 0n ? circulating : 0n;
}

export interface ConcentrationShares {
  top10: number;
  top100: number;
}

/**
 * Top-10 and top-100 shares of `circulating`, over the positive balances in `ranked` (largest
 * first) that are not in `excluded`. `ranked` must hold at least 100 + |excluded| rows when the
 * token has that many holders, so exclusions cannot shorten the top 100.
 */
export function concentrationShares(params: {
  ranked: readonly RankedBalance[];
  excluded: ReadonlySet<string>;
  circulating: bigint;
}): ConcentrationShares {
  let top10 = 0n;
  let top100 = 0n;
  let rank = 0;
  for (const row of params.ranked) {
    if (rank >= 100) break;
    if (row.balance <= 0n || params.excluded.has(row.holder)) continue;
    rank++;
    if (rank <= 10) top10 += row.balance;
    top100 += row.balance;
  }
  return { top10: percentOf(top10, params.circulating), top100: percentOf(top100, params.circulating) };
}

/** Holders with a positive balance, minus the excluded addresses among them. */
export function countedHolders(positiveHolders: number, excludedBalances: readonly RankedBalance[]): number {
  const excludedPositive = excludedBalances.filter((b) => b.balance > 0n).length;
  return Math.max(0, positiveHolders - excludedPositive);
}
