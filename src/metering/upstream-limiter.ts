import { Injectable, Logger } from '@nestjs/common';
import { BurstyRateLimiter, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../common/errors/app-error';
import { MetricsService } from '../common/metrics/metrics.service';
import { RedisService } from '../common/redis/redis.service';
import { AppConfig } from '../config/app-config';
import { PROVIDER_KINDS, UpstreamGate, type ProviderKind } from '../common/upstream-gate';
import { ProviderUsageService } from './provider-usage.service';
import { sharedRateLimiter } from './shared-limiter';

/**
 * Spec "Upstream protection" (RPS / burst); social and LLM get the AI provider's figures. Chain
 * nodes are metered per chain but unlimited unless UPSTREAM_LIMITS sets `chain_rpc` (node plans vary).
 */
const DEFAULT_LIMITS: Record<ProviderKind, { rps: number; burst: number; daily: number }> = {
  audit_provider: { rps: 4, burst: 8, daily: 100_000 },
  scanner_provider: { rps: 8, burst: 16, daily: 100_000 },
  market_data: { rps: 12, burst: 24, daily: 100_000 },
  block_explorer: { rps: 4, burst: 8, daily: 100_000 },
  social_data: { rps: 4, burst: 8, daily: 10_000 },
  llm: { rps: 4, burst: 8, daily: 10_000 },
  chain_rpc: { rps: Infinity, burst: Infinity, daily: 10_000_000 },
};

/** An upstream's bucket is empty: answered at once (429 naming the provider), never queued. */
export class UpstreamBusyError extends AppError {
  constructor(kind: ProviderKind, retryAfter: number) {
    super('rate_limited', `Upstream ${kind} is saturated: retry in ${retryAfter}s`, { provider: kind, retryAfter });
  }
}

/**
 * A token bucket per upstream kind (steady rps, bursts up to `burst`), shared through Redis when it is
 * configured, else by the API processes of one cluster (sharedRateLimiter), in front of every call to
 * that upstream; plus the daily counters.
 */
@Injectable()
export class UpstreamLimiter implements UpstreamGate {
  private readonly logger = new Logger(UpstreamLimiter.name);
  private readonly buckets = new Map<ProviderKind, { consume(key: string, points: number): Promise<RateLimiterRes> }>();
  private readonly limits: Record<ProviderKind, { rps: number; burst: number; daily: number }>;

  constructor(
    config: AppConfig,
    redis: RedisService,
    private readonly usage: ProviderUsageService,
    private readonly metrics: MetricsService,
  ) {
    this.limits = { ...DEFAULT_LIMITS };
    for (const kind of PROVIDER_KINDS) {
      const override = config.upstreamLimits[kind];
      if (override)
        this.limits[kind] = { ...this.limits[kind], ...override, daily: override.daily ?? this.limits[kind].daily };
      const { rps, burst, daily } = this.limits[kind];
      usage.setDailyLimit(kind, daily);
      if (!Number.isFinite(rps)) continue;
      const make = (points: number, duration: number, suffix: string) =>
        sharedRateLimiter(redis.client, { keyPrefix: `${config.redisKeyPrefix}up:${kind}${suffix}`, points, duration });
      // Steady: rps per second; bursts: the extra (burst − rps) calls, refilled over as many seconds.
      const extra = burst - rps;
      this.buckets.set(
        kind,
        extra > 0
          ? new BurstyRateLimiter(make(rps, 1, ':rate'), make(extra, Math.max(1, Math.ceil(extra / rps)), ':burst'))
          : make(rps, 1, ':rate'),
      );
    }
  }

  /**
   * Takes `calls` from the kind's bucket (per `key`: chain nodes have one each) or throws
   * UpstreamBusyError; counts them for the day.
   */
  async take(kind: ProviderKind, calls = 1, key = 'all'): Promise<void> {
    try {
      await this.buckets.get(kind)?.consume(key, calls);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        this.usage.recordHit(kind);
        this.metrics.rateLimitRefused(`upstream_${kind}`);
        throw new UpstreamBusyError(kind, Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)));
      }
      this.logger.warn(`Upstream bucket store unavailable, letting the call through: ${(outcome as Error).message}`);
    }
    this.usage.record(kind, calls);
  }

  /** Runs `fn` as one call to the upstream. */
  async call<T>(kind: ProviderKind, fn: () => Promise<T>): Promise<T> {
    await this.take(kind);
    return fn();
  }
}
