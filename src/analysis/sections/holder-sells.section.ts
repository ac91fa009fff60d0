import type { Logger } from '@nestjs/common';
import type { HolderAnalyzer } from '../holders/holder.analyzer';
import { SectionHandedOffError } from '../report/section-failure';
import {
  LARGEST_HOLDERS,
  NEWEST_HOLDERS,
  pickHolders,
  type HolderSellChecker,
} from '../simulation/holder-sell.checker';
import type { ScanStep } from './section';

/**
 * Real holders' sells, once the holders are indexed, the pools known and today's round trip done (not
 * the contract analysis, so the sells go out a round sooner): the largest and the newest holders,
 * pools and burn addresses left out. Whatever goes wrong, the scan goes on without them (null), never
 * failing the security section.
 */
export const holderSellsStep = (params: {
  holders: HolderAnalyzer;
  checker: HolderSellChecker;
  logger: Logger;
}): ScanStep<'holderSells', 'simulation' | 'holderIndex' | 'pools'> => ({
  name: 'holderSells',
  role: {
    kind: 'aside',
    recover: (err, { chain, address }) => {
      if (!(err instanceof SectionHandedOffError))
        params.logger.warn({ err, chain, address }, "Holders' sells could not be checked; served without them");
      return null;
    },
  },
  needs: ['simulation', 'holderIndex', 'pools'],
  wanted: (wants) => wants('security'),
  run: async ({ simulation, pools }, { chain, address }) => {
    const sample = await params.holders.holderSample(chain, address, LARGEST_HOLDERS + NEWEST_HOLDERS);
    const excluded = [
      address,
      ...sample.notHolders,
      ...pools.pairs.map((p) => p.address),
      ...simulation.evidence.pools.map((p) => p.pair),
    ];
    const candidates = pickHolders({ largest: sample.largest, newest: sample.newest, excluded });
    return await params.checker.check({ chain, address, candidates, now: simulation });
  },
});
