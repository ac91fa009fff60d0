import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { MarketAnalyzer } from './market.analyzer';

/** Market section (pairs, price, liquidity, 24 h volume and change); independent of trade simulation. */
@Module({
  imports: [ChainModule],
  providers: [MarketAnalyzer],
  exports: [MarketAnalyzer],
})
export class MarketAnalysisModule {}
