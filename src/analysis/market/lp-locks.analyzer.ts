import { Injectable } from '@nestjs/common';
import { getAddress, isAddressEqual, parseAbi, zeroAddress, type Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import type { LockerFacts } from '../../chain/chain-facts';
import type { ChainKey } from '../../config/app-config';
import { AppConfig } from '../../config/app-config';
import { BURN_ADDRESSES, ZERO_ADDRESS } from '../../chain/burn-addresses';
import type { LpLock, LpLockSection, LpRisk, PoolLpShares } from './lp-locks.types';
import { readV3Positions, type V3Pool } from './v3-positions';

const LP_ABI = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);
const UNCX_ABI = parseAbi([
  'function getNumLocksForToken(address lpToken) view returns (uint256)',
  'function tokenLocks(address lpToken, uint256 index) view returns (uint256 lockDate, uint256 amount, uint256 initialAmount, uint256 unlockDate, uint256 lockID, address owner)',
]);
/** Where LP tokens go to be burned; the pair's own minimum liquidity sits at address 0. */
const BURNS = [ZERO_ADDRESS, ...BURN_ADDRESSES] as Address[];
/** Locks read per locker and pool, at most. */
const MAX_LOCKS = 20;
const SOON_SECONDS = 30 * 86_400;

/** A pool whose liquidity is an ERC-20 LP token (V2-style and Solidly-style; not V3 positions). */
export interface LpPool {
  address: Address;
  dex: string;
}

export interface LpLockRequest {
  chain: ChainKey;
  pairs: LpPool[];
  owner: Address | null;
  creator: Address | null;
  /** Unix seconds of the chain head (locks open relative to it). */
  now: number;
}

/**
 * Who holds each V2-style pool's LP tokens: burn addresses, known lockers (with their locks' unlock
 * dates where the locker tells them), the token's owner or creator, and everyone else. One multicall,
 * and a second only when a locker holds locks for the pool.
 */
@Injectable()
export class LpLockAnalyzer {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly config: AppConfig,
  ) {}

  lockersOf(chain: ChainKey): LockerFacts[] {
    const facts = this.chains.get(chain).facts;
    const extra = (this.config.extraLockers[chain] ?? []).map((l) => ({ ...l, address: getAddress(l.address) }));
    return [...(facts.lockers ?? []), ...extra];
  }

  /**
   * Who owns each V3 pool's liquidity (positions, from the pool's Mint and Burn logs; a known position
   * manager's share credited to its NFTs' holders): burn addresses, known lockers, the owner or
   * creator, others. Pools are left out when the node would not give their whole history.
   */
  async readV3(
    request: Omit<LpLockRequest, 'pairs'> & { pairs: (LpPool & V3Pool)[]; latest: number },
  ): Promise<PoolLpShares[]> {
    const { client, facts } = this.chains.get(request.chain);
    const lockers = this.lockersOf(request.chain).map((l) => l.address);
    const counted = countedHolders(request);
    const managers = facts.v3Dexes.map((d) => d.positionManager).filter((m): m is Address => m !== undefined);
    const positions = await readV3Positions({
      chain: request.chain,
      client,
      pools: request.pairs,
      managers,
      latest: request.latest,
    });
    if (!positions.complete) return [];
    return request.pairs.map((pool) => {
      const owners = [...(positions.byPool.get(pool.address.toLowerCase()) ?? new Map<Address, bigint>())].filter(
        ([, liquidity]) => liquidity > 0n,
      );
      const sum = (among: Address[]) =>
        owners.filter(([o]) => among.some((a) => isAddressEqual(a, o))).reduce((a, [, l]) => a + l, 0n);
      return poolShares({
        pool,
        supply: owners.reduce((a, [, l]) => a + l, 0n),
        burned: sum(BURNS),
        locked: sum(lockers),
        owner: sum(counted),
        locks: [],
        now: request.now,
      });
    });
  }

  /** Who holds each pool's LP tokens; `summarize` weighs the pools once their liquidity is known. */
  async read(request: LpLockRequest): Promise<{ shares: PoolLpShares[]; counted: Address[] }> {
    const { client } = this.chains.get(request.chain);
    const lockers = this.lockersOf(request.chain);
    const counted = countedHolders(request);
    const pools = request.pairs;
    const holders = [...BURNS, ...lockers.map((l) => l.address), ...counted];
    const uncx = lockers.filter((l) => l.kind === 'uncx_v2');
    const first = await client.multicall({
      allowFailure: true,
      contracts: pools.flatMap((p) => [
        { address: p.address, abi: LP_ABI, functionName: 'totalSupply' } as const,
        ...holders.map((h) => ({ address: p.address, abi: LP_ABI, functionName: 'balanceOf', args: [h] }) as const),
        ...uncx.map(
          (l) =>
            ({ address: l.address, abi: UNCX_ABI, functionName: 'getNumLocksForToken', args: [p.address] }) as const,
        ),
      ]),
    });
    const stride = 1 + holders.length + uncx.length;
    const value = (i: number): bigint => (first[i]?.status === 'success' ? BigInt(first[i].result as bigint) : 0n);
    const lockReads = pools.flatMap((p, pi) =>
      uncx.flatMap((l, li) => {
        const count = Math.min(Number(value(pi * stride + 1 + holders.length + li)), MAX_LOCKS);
        return Array.from({ length: count }, (_, index) => ({ pool: p.address, locker: l, index }));
      }),
    );
    const second =
      lockReads.length === 0
        ? []
        : await client.multicall({
            allowFailure: true,
            contracts: lockReads.map(
              (r) =>
                ({
                  address: r.locker.address,
                  abi: UNCX_ABI,
                  functionName: 'tokenLocks',
                  args: [r.pool, BigInt(r.index)],
                }) as const,
            ),
          });
    const shares = pools.map((p, pi) => {
      const at = (offset: number) => value(pi * stride + offset);
      const supply = at(0);
      const balance = (h: number) => at(1 + h);
      const sum = (from: number, count: number) =>
        Array.from({ length: count }, (_, k) => balance(from + k)).reduce((a, b) => a + b, 0n);
      const locks = lockReads
        .map((r, k) => ({ r, answer: second[k] }))
        .filter(({ r, answer }) => isAddressEqual(r.pool, p.address) && answer?.status === 'success')
        .map(({ r, answer }) => {
          const [, amount, , unlockDate, , owner] = answer!.result as readonly [
            bigint,
            bigint,
            bigint,
            bigint,
            bigint,
            Address,
          ];
          return { locker: r.locker, amount, unlockDate: Number(unlockDate), owner };
        })
        .filter((l) => l.amount > 0n);
      return poolShares({
        pool: p,
        supply,
        burned: sum(0, BURNS.length),
        locked: sum(BURNS.length, lockers.length),
        owner: sum(BURNS.length + lockers.length, counted.length),
        locks,
        now: request.now,
      });
    });
    return { shares, counted };
  }
}

/** The token's owner and creator, once each, without the zero address (renounced). */
export function countedHolders(request: { owner: Address | null; creator: Address | null }): Address[] {
  const people = [request.owner, request.creator].filter(
    (a): a is Address => a !== null && !isAddressEqual(a, zeroAddress),
  );
  return people.filter((a, i) => people.findIndex((b) => isAddressEqual(a, b)) === i);
}

function percent(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 1_000_000n) / whole) / 10_000;
}

function poolShares(params: {
  pool: LpPool;
  supply: bigint;
  burned: bigint;
  locked: bigint;
  owner: bigint;
  locks: { locker: LockerFacts; amount: bigint; unlockDate: number; owner: Address }[];
  now: number;
}): PoolLpShares {
  const { supply, burned, locked, owner, now } = params;
  const others = supply > burned + locked + owner ? supply - burned - locked - owner : 0n;
  const open = params.locks.filter((l) => l.unlockDate <= now);
  const soon = params.locks.filter((l) => l.unlockDate > now && l.unlockDate <= now + SOON_SECONDS);
  const total = (list: { amount: bigint }[]) => list.reduce((a, l) => a + l.amount, 0n);
  const locks: LpLock[] = params.locks.map((l) => ({
    locker: l.locker.name,
    lockerAddress: l.locker.address,
    amount: l.amount.toString(),
    percent: percent(l.amount, supply),
    unlockAt: new Date(l.unlockDate * 1000).toISOString(),
    owner: getAddress(l.owner),
    unlocked: l.unlockDate <= now,
  }));
  return {
    pool: params.pool.address,
    dex: params.pool.dex,
    lpSupply: supply.toString(),
    burnedPercent: percent(burned, supply),
    lockedPercent: percent(locked, supply),
    ownerPercent: percent(owner, supply),
    othersPercent: percent(others, supply),
    pullableNowPercent: percent(owner + total(open), supply),
    unlockingSoonPercent: percent(total(soon), supply),
    locks,
  };
}

/** `liquidityUsd[i]` is pool i's liquidity in USD (null when unknown): the weight of its shares. */
export function summarizeLpShares(
  shares: PoolLpShares[],
  liquidityUsd: (number | null)[],
  counted: Address[],
): LpLockSection {
  const usd = liquidityUsd.map((v) => v ?? 0);
  const totalUsd = usd.reduce((a, b) => a + b, 0);
  const weights = shares.map((_, i) => (totalUsd > 0 ? usd[i] / totalUsd : 1 / shares.length));
  const weighted = (pick: (s: PoolLpShares) => number) =>
    Math.round(shares.reduce((a, s, i) => a + pick(s) * weights[i], 0) * 100) / 100;
  const section = {
    pools: shares,
    burnedPercent: weighted((s) => s.burnedPercent),
    lockedPercent: weighted((s) => s.lockedPercent),
    ownerPercent: weighted((s) => s.ownerPercent),
    othersPercent: weighted((s) => s.othersPercent),
    pullableNowPercent: weighted((s) => s.pullableNowPercent),
    unlockingSoonPercent: weighted((s) => s.unlockingSoonPercent),
    nextUnlockAt: shares.flatMap((s) => s.locks.filter((l) => !l.unlocked).map((l) => l.unlockAt)).sort()[0] ?? null,
    holdersCounted: counted,
  };
  const risk: LpRisk =
    shares.length === 0
      ? 'UNKNOWN'
      : section.pullableNowPercent >= 50
        ? 'HIGH'
        : section.pullableNowPercent >= 10 || section.unlockingSoonPercent >= 50
          ? 'MEDIUM'
          : 'LOW';
  const detail =
    shares.length === 0
      ? 'no pool with LP tokens to read'
      : `burned ${section.burnedPercent}%, locked ${section.lockedPercent}%${section.nextUnlockAt ? ` (next unlock ${section.nextUnlockAt})` : ''}, owner or creator ${section.ownerPercent}%, others ${section.othersPercent}%; the owner or creator can pull ${section.pullableNowPercent}% now`;
  return { ...section, risk, detail };
}
