import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { ChainHealthIndicator } from './chain-health.indicator';
import { HealthController, ScannerHealthController } from './health.controller';
import { HealthService } from './health.service';
import { RateLimitsController } from './rate-limits.controller';

@Module({
  imports: [ChainModule],
  providers: [HealthService, ChainHealthIndicator],
  controllers: [HealthController],
  exports: [HealthService],
})
export class HealthModule {}

/** Surface B's health, mounted under SCANNER_BASE_PATH by the app module's router. */
@Module({ imports: [HealthModule], controllers: [ScannerHealthController, RateLimitsController] })
export class ScannerHealthModule {}
