import type { HolderAnalyzer } from '../holders/holder.analyzer';
import { needsHolders, type ScanStep } from './section';

/** The holders, from the index, with the pools' own balances left out of the shares. */
export const holdersStep = (holders: HolderAnalyzer): ScanStep<'holders', 'pools' | 'holderIndex'> => ({
  name: 'holders',
  role: { kind: 'section', feature: 'holder_analysis' },
  needs: ['pools', 'holderIndex'],
  wanted: needsHolders,
  run: ({ pools, holderIndex }, { chain, address, info }) =>
    holders.analyze({
      chain,
      address,
      totalSupply: info.totalSupply,
      decimals: info.decimals,
      pairs: pools.pairs.map((p) => p.address),
      indexed: Promise.resolve(holderIndex),
    }),
});
