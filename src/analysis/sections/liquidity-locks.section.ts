import type { Clock } from '../../common/clock';
import type { Logger } from '@nestjs/common';
import { summarizeLpShares, type LpLockAnalyzer } from '../market/lp-locks.analyzer';
import { sortedTokens, type Discovery } from '../market/pair-discovery';
import type { ScanStep } from './section';

/**
 * Who holds the pools' LP tokens, once the pools and the creator are known; null when it cannot be
 * read. The market's liquidity only weighs the pools at the end: it is read beside the holders.
 */
export const liquidityLocksStep = (params: {
  lpLocks: LpLockAnalyzer;
  clock: Clock;
  logger: Logger;
}): ScanStep<'liquidityLocks', 'pools' | 'creator', never, 'market'> => ({
  name: 'liquidityLocks',
  role: {
    kind: 'aside',
    recover: (err, { chain, info }) => {
      params.logger.warn({ err, chain, address: info.address }, 'LP holders could not be read; served without them');
      return null;
    },
  },
  needs: ['pools', 'creator'],
  later: ['market'],
  wanted: (wants) => wants('security'),
  run: async ({ pools, creator, market }, { chain, info }) => {
    // V2 and Solidly liquidity is an LP token; V3 liquidity is positions, read from the pools' Mint and Burn logs.
    const pool = (p: Discovery['pairs'][number]) => ({ address: p.address, dex: p.dex });
    const tokens = pools.pairs.filter((p) => p.kind !== 'v3').map(pool);
    const positions = pools.pairs
      .filter((p) => p.kind === 'v3')
      .map((p) => ({ ...pool(p), ...sortedTokens(info.address, p.quote.address), fee: p.feeTier ?? 0 }));
    const now = info.head ? Number(info.head.timestamp) : Math.floor(params.clock.now().getTime() / 1000);
    const base = { chain, owner: info.owner, creator: creator.address, now };
    const [lp, v3] = await Promise.all([
      params.lpLocks.read({ ...base, pairs: tokens }),
      params.lpLocks.readV3({ ...base, pairs: positions, latest: pools.latest.number }),
    ]);
    const shares = [...lp.shares, ...v3];
    const m = await market;
    const usd = shares.map((s) => m?.tradingPairs.find((t) => t.address === s.pool)?.liquidityUsd ?? null);
    return summarizeLpShares(shares, usd, lp.counted);
  },
});
