import type { WashTradingAnalyzer } from '../trading/wash-trading.analyzer';
import type { ScanStep } from './section';
import { tradingRequest } from './trading-request';

/** Wash trading, from the pools' swaps. */
export const washTradingStep = (wash: WashTradingAnalyzer): ScanStep<'washTrading', 'pools'> => ({
  name: 'washTrading',
  role: { kind: 'section', feature: 'wash_trading' },
  needs: ['pools'],
  wanted: (wants) => wants('wash_trading'),
  run: ({ pools }, scan) => wash.analyze(tradingRequest(pools, scan)),
});
