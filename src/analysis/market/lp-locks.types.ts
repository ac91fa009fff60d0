import type { Address } from 'viem';

/** One lock a locker reports for a pool's LP tokens (UNCX V2 style lockers only). */
export interface LpLock {
  locker: string;
  lockerAddress: Address;
  /** LP tokens still locked, raw units. */
  amount: string;
  percent: number;
  /** ISO 8601. */
  unlockAt: string;
  /** Who may withdraw it once unlocked. */
  owner: Address;
  unlocked: boolean;
}

/** Who holds one pool's LP tokens, in percent of its LP supply. */
export interface PoolLpShares {
  pool: Address;
  dex: string;
  /** LP supply, raw units; a V3 pool's total position liquidity. */
  lpSupply: string;
  burnedPercent: number;
  /** Held by known lockers (whether or not their locks have expired). */
  lockedPercent: number;
  /** Held by the token's owner (owner()) or its creator. */
  ownerPercent: number;
  othersPercent: number;
  /** What the owner or creator can take out now: held directly, or in locks already open. */
  pullableNowPercent: number;
  /** In locks that open within 30 days. */
  unlockingSoonPercent: number;
  locks: LpLock[];
}

export type LpRisk = 'LOW' | 'MEDIUM' | 'HIGH' | 'UNKNOWN';

/** Liquidity safety: burned, locked, owner-held and other LP across the token's pools. */
export interface LpLockSection {
  /** The token's pools: LP tokens for V2 and Solidly pools, positions (liquidity by owner) for V3 pools. */
  pools: PoolLpShares[];
  /** Weighted by each pool's liquidity in USD (equally when no pool has a USD value). */
  burnedPercent: number;
  lockedPercent: number;
  ownerPercent: number;
  othersPercent: number;
  pullableNowPercent: number;
  unlockingSoonPercent: number;
  /** The earliest lock still closed, ISO 8601. */
  nextUnlockAt: string | null;
  /** HIGH: the owner or creator can pull at least half the liquidity now; MEDIUM: a tenth, or half opens within 30 days. */
  risk: LpRisk;
  detail: string;
  /** The owner and creator whose holdings count as theirs. */
  holdersCounted: Address[];
}
