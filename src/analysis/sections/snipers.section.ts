import type { SniperAnalyzer } from '../trading/sniper.analyzer';
import type { ScanStep } from './section';
import { tradingRequest } from './trading-request';

/** Snipers, from the first blocks of every pool's trading. */
export const snipersStep = (snipers: SniperAnalyzer): ScanStep<'snipers', 'pools'> => ({
  name: 'snipers',
  role: { kind: 'section', feature: 'sniper_analysis' },
  needs: ['pools'],
  wanted: (wants) => wants('sniper_analysis'),
  run: ({ pools }, scan) => snipers.analyze(tradingRequest(pools, scan)),
});
