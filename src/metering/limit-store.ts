import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A fixed-window counter: `points` calls per `durationSec` per key. */
export interface Bucket {
  name: string;
  points: number;
  durationSec: number;
}

export interface LimitDecision {
  allowed: boolean;
  remaining: number;
  /** Unix seconds when the window resets. */
  resetAt: number;
  /** Seconds to wait when refused. */
  retryAfter: number;
}

/**
 * Counters in Redis when configured (shared by every instance), else in process. A Redis failure lets
 * the call through (limits fail open) and is logged, at most once a minute.
 */
export class LimitStore {
  private readonly logger = new Logger(LimitStore.name);
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
  ) {}

  async consume(bucket: Bucket, key: string): Promise<LimitDecision> {
    try {
      return this.decision(await this.limiter(bucket).consume(key), true);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return this.decision(outcome, false);
      this.warn(outcome);
      return { allowed: true, remaining: bucket.points, resetAt: Math.ceil(Date.now() / 1000) + bucket.durationSec, retryAfter: 0 };
    }
  }

  /** Gives a point back (the call was refused by a later limit). */
  async refund(bucket: Bucket, key: string): Promise<void> {
    await this.limiter(bucket)
      .reward(key, 1)
      .catch((err: unknown) => this.warn(err));
  }

  /** Points used in the current window. */
  async used(bucket: Bucket, key: string): Promise<number> {
    try {
      return (await this.limiter(bucket).get(key))?.consumedPoints ?? 0;
    } catch (err) {
      this.warn(err);
      return 0;
    }
  }

  private decision(res: RateLimiterRes, allowed: boolean): LimitDecision {
    return {
      allowed,
      remaining: Math.max(0, res.remainingPoints),
      resetAt: Math.ceil((Date.now() + res.msBeforeNext) / 1000),
      retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }

  private limiter(bucket: Bucket): RateLimiterAbstract {
    const id = `${bucket.name}:${bucket.points}:${bucket.durationSec}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      // Buckets of one name share their counters whatever their points (a key's plan may change).
      const options = { points: bucket.points, duration: bucket.durationSec, keyPrefix: `${this.prefix}rl:${bucket.name}` };
      limiter = this.redis
        ? new RateLimiterRedis({ ...options, storeClient: this.redis, rejectIfRedisNotReady: true })
        : new RateLimiterMemory(options);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarning < 60_000) return;
    this.lastWarning = Date.now();
    this.logger.warn(`Rate-limit store unavailable, letting calls through: ${err instanceof Error ? err.message : String(err)}`);
  }
}
