import type { Logger } from '@nestjs/common';
import { UNKNOWN_CREATION, type CreatorAnalyzer } from '../creator/creator.analyzer';
import type { ScanStep } from './section';

/** Who deployed the token; every scan, beside the sections: whatever goes wrong, the creator is unknown. */
export const creatorStep = (creators: CreatorAnalyzer, logger: Logger): ScanStep<'creator'> => ({
  name: 'creator',
  role: {
    kind: 'aside',
    recover: (err, { chain, address }) => {
      logger.error({ err, chain, address }, 'Creator lookup failed; served as unknown');
      return { ...UNKNOWN_CREATION, balanceSharePercent: null, otherTokens: [] };
    },
  },
  needs: [],
  wanted: () => true,
  run: (_, { chain, address, info }) => creators.analyze({ chain, address, totalSupply: info.totalSupply }),
});
