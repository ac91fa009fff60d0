import type { SocialAnalyzer } from '../social/social.analyzer';
import type { ScanStep } from './section';

/** Social links; those found in the verified source's comments count too, so it waits for the security section. */
export const socialStep = (social: SocialAnalyzer): ScanStep<'social', never, 'security'> => ({
  name: 'social',
  role: { kind: 'section', feature: 'link_analysis' },
  needs: [],
  uses: ['security'],
  wanted: (wants) => wants('link_analysis'),
  run: ({ security }, { chain, address, info, socialApiKey }) =>
    social.analyze({
      chain,
      address,
      symbol: info.symbol,
      name: info.name,
      apiKey: socialApiKey,
      sourceComments: security?.contract.verification.comments,
    }),
});
