import { z } from 'zod';
import { BATCH_MAX_TOKENS } from '../../../analysis/batch/batch-scan.service';
import { PROVIDER_KINDS, type ProviderKind } from '../../../common/upstream-gate';
import type { LimitStats } from '../../../metering/limits.service';
import type { ProviderUsage } from '../../../metering/provider-usage.service';
import { component } from '../../shared/openapi/api-schemas';
import { count } from './fields';

const ProviderUsageB = z.object({
  requests_today: count(120),
  daily_limit: count(100_000),
  remaining_daily: count(99_880),
  rate_limit_hits: count(0).meta({ description: "Calls refused today by the provider's own bucket" }),
  status: z.enum(['healthy', 'limited', 'exhausted']),
});
type ProviderUsageB = z.output<typeof ProviderUsageB>;

/** One entry per provider kind, each always sent (an object with known keys, not an open map). */
const ApiUsageB = z.object(
  Object.fromEntries(PROVIDER_KINDS.map((kind) => [kind, ProviderUsageB])) as Record<
    ProviderKind,
    typeof ProviderUsageB
  >,
);

export const RateLimitsResponseB = component(
  'RateLimitsResponseB',
  z.object({
    status: z.literal('success'),
    rate_limits: z.object({
      global_stats: z.object({
        current_concurrent: count(3),
        requests_this_minute: count(42),
        max_concurrent_requests: count(50),
      }),
      api_usage: ApiUsageB.meta({ description: "Today's calls per upstream provider (UTC day)" }),
    }),
    recommendations: z.array(z.string()).meta({
      example: [
        'Scan up to batch_size tokens per call with POST /token/analyze/batch, and reuse results within their cache_ttl',
      ],
    }),
    integrator_guidelines: z.object({
      max_concurrent_requests: count(10),
      requests_per_minute: count(60),
      retry_delay_seconds: count(5),
      batch_size: count(BATCH_MAX_TOKENS).meta({ description: 'Tokens per call of POST /token/analyze/batch' }),
    }),
  }),
);
export type RateLimitsResponseB = z.output<typeof RateLimitsResponseB>;

function presentUsage(u: ProviderUsage): ProviderUsageB {
  const remaining = Math.max(0, u.dailyLimit - u.requestsToday);
  return {
    requests_today: u.requestsToday,
    daily_limit: u.dailyLimit,
    remaining_daily: remaining,
    rate_limit_hits: u.rateLimitHits,
    status: remaining === 0 ? 'exhausted' : u.rateLimitHits > 0 ? 'limited' : 'healthy',
  };
}

function presentApiUsage(usage: Record<ProviderKind, ProviderUsage>): Record<ProviderKind, ProviderUsageB> {
  // One entry per provider kind, so the object has every key of the record.
  return Object.fromEntries(PROVIDER_KINDS.map((kind) => [kind, presentUsage(usage[kind])])) as Record<
    ProviderKind,
    ProviderUsageB
  >;
}

/** Guidance follows the load: when the service is busy, integrators are asked to slow down. */
export function presentRateLimits(
  stats: LimitStats,
  usage: Record<ProviderKind, ProviderUsage>,
  globalPerMinute: number,
): RateLimitsResponseB {
  const load = Math.max(stats.currentConcurrent / stats.maxConcurrent, stats.requestsThisMinute / globalPerMinute);
  const busy = load >= 0.8;
  const recommendations = busy
    ? ['The service is busy: halve your request rate and retry refused calls after retry_delay_seconds']
    : [
        'Scan up to batch_size tokens per call with POST /token/analyze/batch, and reuse results within their cache_ttl',
      ];
  return {
    status: 'success',
    rate_limits: {
      global_stats: {
        current_concurrent: stats.currentConcurrent,
        requests_this_minute: stats.requestsThisMinute,
        max_concurrent_requests: stats.maxConcurrent,
      },
      api_usage: presentApiUsage(usage),
    },
    recommendations,
    integrator_guidelines: {
      max_concurrent_requests: Math.max(1, Math.floor(stats.maxConcurrent / 5)),
      requests_per_minute: busy ? 30 : 60,
      retry_delay_seconds: busy ? 10 : 5,
      batch_size: BATCH_MAX_TOKENS,
    },
  };
}
