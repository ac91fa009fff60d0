import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiProperty, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { LimitsService, LimitStats } from '../../metering/limits.service';
import type { ProviderKind } from '../../common/upstream-gate';
import { ProviderUsage, ProviderUsageService } from '../../metering/provider-usage.service';

class GlobalStats {
  @ApiProperty({ example: 3 }) current_concurrent!: number;
  @ApiProperty({ example: 42 }) requests_this_minute!: number;
  @ApiProperty({ example: 50 }) max_concurrent_requests!: number;
}

class ProviderUsageRecord {
  @ApiProperty({ example: 120 }) requests_today!: number;
  @ApiProperty({ example: 100000 }) daily_limit!: number;
  @ApiProperty({ example: 99880 }) remaining_daily!: number;
  @ApiProperty({ example: 0 }) rate_limit_hits!: number;
  @ApiProperty({ example: 'healthy', enum: ['healthy', 'limited', 'exhausted'] }) status!: string;
}

class RateLimitFigures {
  @ApiProperty({ type: GlobalStats }) global_stats!: GlobalStats;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(ProviderUsageRecord) } })
  api_usage!: Record<string, ProviderUsageRecord>;
}

class IntegratorGuidelines {
  @ApiProperty({ example: 10 }) max_concurrent_requests!: number;
  @ApiProperty({ example: 60 }) requests_per_minute!: number;
  @ApiProperty({ example: 5 }) retry_delay_seconds!: number;
  @ApiProperty({ example: 5 }) batch_size!: number;
}

export class RateLimitStatusResponse {
  @ApiProperty({ example: 'success' }) status!: string;
  @ApiProperty({ type: RateLimitFigures }) rate_limits!: RateLimitFigures;
  @ApiProperty({ type: [String] }) recommendations!: string[];
  @ApiProperty({ type: IntegratorGuidelines }) integrator_guidelines!: IntegratorGuidelines;
}

function presentUsage(u: ProviderUsage): ProviderUsageRecord {
  const remaining = Math.max(0, u.dailyLimit - u.requestsToday);
  return {
    requests_today: u.requestsToday,
    daily_limit: u.dailyLimit,
    remaining_daily: remaining,
    rate_limit_hits: u.rateLimitHits,
    status: remaining === 0 ? 'exhausted' : u.rateLimitHits > 0 ? 'limited' : 'healthy',
  };
}

/** Guidance follows the load: when the service is busy, integrators are asked to slow down. */
function presentRateLimits(stats: LimitStats, usage: Record<ProviderKind, ProviderUsage>, globalPerMinute: number): RateLimitStatusResponse {
  const load = Math.max(stats.currentConcurrent / stats.maxConcurrent, stats.requestsThisMinute / globalPerMinute);
  const busy = load >= 0.8;
  const recommendations = busy
    ? ['The service is busy: halve your request rate and retry refused calls after retry_delay_seconds']
    : ['Send scans in batches of batch_size and reuse results within their cache_ttl'];
  return {
    status: 'success',
    rate_limits: {
      global_stats: {
        current_concurrent: stats.currentConcurrent,
        requests_this_minute: stats.requestsThisMinute,
        max_concurrent_requests: stats.maxConcurrent,
      },
      api_usage: Object.fromEntries(Object.entries(usage).map(([kind, u]) => [kind, presentUsage(u)])),
    },
    recommendations,
    integrator_guidelines: {
      max_concurrent_requests: Math.max(1, Math.floor(stats.maxConcurrent / 5)),
      requests_per_minute: busy ? 30 : 60,
      retry_delay_seconds: busy ? 10 : 5,
      batch_size: 5,
    },
  };
}

/** Surface B: `GET /api/v1/system/rate-limits` (class None). */
@ApiTags('B: system')
@ApiExtraModels(ProviderUsageRecord)
@Controller('api/v1/system')
export class RateLimitsController {
  constructor(
    private readonly limits: LimitsService,
    private readonly usage: ProviderUsageService,
  ) {}

  @Get('rate-limits')
  @ApiOperation({ summary: 'Live rate-limit figures and integrator guidelines' })
  @ApiOkResponse({ type: RateLimitStatusResponse })
  async get(): Promise<RateLimitStatusResponse> {
    const stats = await this.limits.stats();
    return presentRateLimits(stats, await this.usage.snapshot(), this.limits.globalPerMinute);
  }
}
