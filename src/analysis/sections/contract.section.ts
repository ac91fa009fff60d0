import type { ContractAnalyzer } from '../contract/contract.analyzer';
import type { ScanStep } from './section';

/** The contract engine, proxy, ownership and source verification: the other half of the security section. */
export const contractStep = (contracts: ContractAnalyzer): ScanStep<'contract'> => ({
  name: 'contract',
  role: { kind: 'part', of: 'security' },
  needs: [],
  wanted: (wants) => wants('security'),
  run: (_, { chain, address, info, contractPrefetch }) =>
    contracts.analyze({ chain, address, tokenInfo: info, prefetched: contractPrefetch }),
});
