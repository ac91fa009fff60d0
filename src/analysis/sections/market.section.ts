import type { MarketAnalyzer } from '../market/market.analyzer';
import { needsMarket, type ScanStep } from './section';

/** Prices, liquidity and volume: two more rounds after the pools. */
export const marketStep = (markets: MarketAnalyzer): ScanStep<'market', 'pools'> => ({
  name: 'market',
  role: { kind: 'section', feature: 'market' },
  needs: ['pools'],
  wanted: needsMarket,
  run: ({ pools }, { chain, address, info }) =>
    markets.analyze(
      { chain, address, decimals: info.decimals, totalSupply: info.totalSupply, symbol: info.symbol },
      Promise.resolve(pools),
    ),
});
