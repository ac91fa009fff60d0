import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { HolderSellChecker } from './holder-sell.checker';
import { TradeSimulator } from './trade.simulator';

/** Trade simulation (honeypot, taxes, limits); independent of the market module so both run in parallel. */
@Module({
  imports: [ChainModule],
  providers: [TradeSimulator, HolderSellChecker],
  exports: [TradeSimulator, HolderSellChecker],
})
export class TradeSimulationModule {}
