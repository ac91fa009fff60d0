import type { TradeSimulator } from '../simulation/trade.simulator';
import type { ScanStep } from './section';

/** The round trip through the deepest pool, today and later (the time bomb): half of the security section. */
export const simulationStep = (simulator: TradeSimulator): ScanStep<'simulation'> => ({
  name: 'simulation',
  role: { kind: 'part', of: 'security' },
  needs: [],
  wanted: (wants) => wants('security'),
  run: (_, { chain, address, info }) => simulator.simulate({ chain, address, head: info.head }),
});
