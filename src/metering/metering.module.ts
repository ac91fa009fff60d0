import { Global, Module } from '@nestjs/common';
import { UpstreamGate } from '../common/upstream-gate';
import { LimitsService } from './limits.service';
import { MeteringService } from './metering.service';
import { ProviderUsageRepository } from './provider-usage.repository';
import { ProviderUsageService } from './provider-usage.service';
import { UpstreamLimiter } from './upstream-limiter';

/**
 * Every count and limit: quotas and daily tiers (through the counters their owners provide), rate
 * limits, concurrency, per-address limits, upstream buckets and their daily usage.
 */
@Global()
@Module({
  providers: [
    MeteringService,
    LimitsService,
    ProviderUsageRepository,
    ProviderUsageService,
    UpstreamLimiter,
    { provide: UpstreamGate, useExisting: UpstreamLimiter },
  ],
  exports: [MeteringService, LimitsService, ProviderUsageService, UpstreamLimiter, UpstreamGate],
})
export class MeteringModule {}
