import type { ScanStep } from './section';

/** The security section: the contract and the trade simulation, run side by side. */
export const securityStep: ScanStep<'security', 'contract' | 'simulation'> = {
  name: 'security',
  role: { kind: 'section', feature: 'security' },
  needs: ['contract', 'simulation'],
  wanted: (wants) => wants('security'),
  run: async ({ contract, simulation }) => ({ contract, simulation }),
};
