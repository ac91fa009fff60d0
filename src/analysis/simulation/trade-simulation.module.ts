import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { TradeSimulator } from './trade.simulator';

/** Trade simulation (honeypot, taxes, limits); independent of the market module so both run in parallel. */
@Module({
  imports: [ChainModule],
  providers: [TradeSimulator],
  exports: [TradeSimulator],
})
export class TradeSimulationModule {}
