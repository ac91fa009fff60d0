import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { LlmModule } from '../providers/llm/llm.module';
import { SocialModule } from '../providers/social/social.module';
import { SourceProviderModule } from '../providers/source/source-provider.module';
import { ChainHealthIndicator } from './chain-health.indicator';
import { HealthService } from './health.service';
import { ProviderHealthIndicator } from './provider-health.indicator';

/** The service's own health: database, chains, upstream providers (no HTTP; each surface presents it). */
@Module({
  imports: [ChainModule, SourceProviderModule, SocialModule, LlmModule],
  providers: [HealthService, ChainHealthIndicator, ProviderHealthIndicator],
  exports: [HealthService],
})
export class HealthModule {}
