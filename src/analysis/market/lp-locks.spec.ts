import type { Address } from 'viem';
import { summarizeLpShares as summarize } from './lp-locks.analyzer';
import type { PoolLpShares } from './lp-locks.types';

const pool = (n: number, over: Partial<PoolLpShares> = {}): PoolLpShares => ({
  pool: `0x${String(n).padStart(40, '0')}` as Address,
  dex: 'Uniswap V2',
  lpSupply: '1000',
  burnedPercent: 0,
  lockedPercent: 0,
  ownerPercent: 0,
  othersPercent: 100,
  pullableNowPercent: 0,
  unlockingSoonPercent: 0,
  locks: [],
  ...over,
});
const pair = (liquidityUsd: number | null) => liquidityUsd;

describe('LP shares summary', () => {
  it('weights the pools by their liquidity in USD', () => {
    const s = summarize(
      [
        pool(1, { ownerPercent: 100, pullableNowPercent: 100, othersPercent: 0 }),
        pool(2, { burnedPercent: 100, othersPercent: 0 }),
      ],
      [pair(1_000), pair(3_000)],
      [],
    );
    expect(s).toMatchObject({ ownerPercent: 25, burnedPercent: 75, pullableNowPercent: 25, risk: 'MEDIUM' });
  });

  it('weights equally when no pool has a USD value', () => {
    const s = summarize([pool(1, { pullableNowPercent: 100 }), pool(2)], [pair(null), pair(null)], []);
    expect(s).toMatchObject({ pullableNowPercent: 50, risk: 'HIGH' });
  });

  it('is LOW when burned or long-locked, MEDIUM when half opens within 30 days, UNKNOWN without pools', () => {
    expect(summarize([pool(1, { burnedPercent: 100, othersPercent: 0 })], [pair(10)], []).risk).toBe('LOW');
    expect(summarize([pool(1, { lockedPercent: 90, unlockingSoonPercent: 60 })], [pair(10)], []).risk).toBe('MEDIUM');
    expect(summarize([], [], [])).toMatchObject({
      risk: 'UNKNOWN',
      detail: 'no pool with LP tokens to read',
      nextUnlockAt: null,
    });
  });

  it('names the earliest lock still closed', () => {
    const lock = (unlockAt: string, unlocked: boolean) => ({
      locker: 'L',
      lockerAddress: pool(9).pool,
      amount: '1',
      percent: 1,
      unlockAt,
      owner: pool(8).pool,
      unlocked,
    });
    const s = summarize(
      [
        pool(1, {
          locks: [
            lock('2027-01-01T00:00:00.000Z', false),
            lock('2026-01-01T00:00:00.000Z', true),
            lock('2026-12-31T00:00:00.000Z', false),
          ],
        }),
      ],
      [pair(1)],
      [],
    );
    expect(s.nextUnlockAt).toBe('2026-12-31T00:00:00.000Z');
  });
});
