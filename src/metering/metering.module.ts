import { Global, Module } from '@nestjs/common';
import { UpstreamGate } from '../common/upstream-gate';
import { LimitsService } from './limits.service';
import { ProviderUsageRepository } from './provider-usage.repository';
import { ProviderUsageService } from './provider-usage.service';
import { UpstreamLimiter } from './upstream-limiter';

/** Every count and limit: rate limits, concurrency, per-address limits, upstream buckets and their daily usage. */
@Global()
@Module({
  providers: [LimitsService, ProviderUsageRepository, ProviderUsageService, UpstreamLimiter, { provide: UpstreamGate, useExisting: UpstreamLimiter }],
  exports: [LimitsService, ProviderUsageService, UpstreamLimiter, UpstreamGate],
})
export class MeteringModule {}
