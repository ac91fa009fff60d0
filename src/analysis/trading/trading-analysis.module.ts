import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { FundingTracer } from './funding-links';
import { SniperAnalyzer } from './sniper.analyzer';
import { WashTradingAnalyzer } from './wash-trading.analyzer';

/** Trading behaviour: wash trading and snipers. One FundingTracer, so what a node supports is learned once. */
@Module({
  imports: [ChainModule],
  providers: [FundingTracer, WashTradingAnalyzer, SniperAnalyzer],
  exports: [WashTradingAnalyzer, SniperAnalyzer],
})
export class TradingAnalysisModule {}
