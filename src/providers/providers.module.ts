import { Global, Module } from '@nestjs/common';
import { ProviderUsageRepository } from './provider-usage.repository';
import { ProviderUsageService } from './provider-usage.service';
import { UpstreamLimiter } from './upstream-limiter';

/** External data behind ports, their buckets and their daily usage counters. */
@Global()
@Module({
  providers: [ProviderUsageRepository, ProviderUsageService, UpstreamLimiter],
  exports: [ProviderUsageService, UpstreamLimiter],
})
export class ProvidersModule {}
