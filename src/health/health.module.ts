import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { LlmModule } from '../providers/llm/llm.module';
import { SocialModule } from '../providers/social/social.module';
import { SourceProviderModule } from '../providers/source/source-provider.module';
import { ProviderHealthIndicator } from './provider-health.indicator';
import { ChainHealthIndicator } from './chain-health.indicator';
import { HealthController, ScannerHealthController } from './health.controller';
import { HealthService } from './health.service';
import { RateLimitsController } from './rate-limits.controller';

@Module({
  imports: [ChainModule, SourceProviderModule, SocialModule, LlmModule],
  providers: [HealthService, ChainHealthIndicator, ProviderHealthIndicator],
  controllers: [HealthController],
  exports: [HealthService],
})
export class HealthModule {}

/** Surface B's health, mounted under SCANNER_BASE_PATH by the app module's router. */
@Module({ imports: [HealthModule], controllers: [ScannerHealthController, RateLimitsController] })
export class ScannerHealthModule {}
