import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { LpLockAnalyzer } from './lp-locks.analyzer';
import { MarketAnalyzer } from './market.analyzer';

/** Market section (pairs, price, liquidity, 24 h volume and change); independent of trade simulation. */
@Module({
  imports: [ChainModule],
  providers: [MarketAnalyzer, LpLockAnalyzer],
  exports: [MarketAnalyzer, LpLockAnalyzer],
})
export class MarketAnalysisModule {}
