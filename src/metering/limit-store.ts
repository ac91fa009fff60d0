import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { Batches } from '../common/batches';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { sharedRateLimiter } from './shared-limiter';

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

/** A call waiting for the counter update that takes its point. */
interface Waiter {
  bucket: Bucket;
  key: string;
  resolve: (decision: LimitDecision) => void;
}

/**
 * Counters in Redis when configured (shared by every instance), else in the cluster's primary when this
 * is one of its API processes (shared by them), else in process (sharedRateLimiter). A store failure
 * (Redis down, the primary not answering) lets the call through (limits fail open) and is logged, at
 * most once a minute.
 *
 * Calls of one bucket and key are coalesced: while an update of that counter is in flight, the calls
 * that arrive wait, and the next update adds all of their points at once. The counter's increment is
 * atomic and returns the total, so each waiter learns its own place in the window (the i-th of n
 * added, after `total - n` before it) and is allowed exactly when a lone call in that place would be:
 * a key with N calls left never serves N+1, across instances and processes too. The first call of a quiet counter
 * goes out at once, so this adds no latency; under load a hot key costs one Redis command per round
 * trip instead of one per call.
 */
export class LimitStore {
  private readonly logger = new Logger(LimitStore.name);
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  /** Per counter (bucket and key): the calls for its next update. */
  private readonly updates = new Batches<Waiter>((_counter, batch) => this.serve(batch));
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
  ) {}

  /** Takes one point of `bucket` for `key`; never rejects (a store failure admits the call). */
  consume(bucket: Bucket, key: string): Promise<LimitDecision> {
    return new Promise((resolve) => this.updates.add(`${this.limiterId(bucket)}\n${key}`, { bucket, key, resolve }));
  }

  private async serve(batch: Waiter[]): Promise<void> {
    const { bucket, key } = batch[0];
    let res: RateLimiterRes;
    try {
      res = await this.limiter(bucket).consume(key, batch.length);
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) {
        this.warn(outcome);
        const open = {
          allowed: true,
          remaining: bucket.points,
          resetAt: Math.ceil(Date.now() / 1000) + bucket.durationSec,
          retryAfter: 0,
        };
        for (const waiter of batch) waiter.resolve(open);
        return;
      }
      res = outcome;
    }
    const before = res.consumedPoints - batch.length;
    batch.forEach((waiter, i) => waiter.resolve(this.decision(res, before + i + 1, bucket.points)));
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

  /** What a call that made the window's count `used` is told. */
  private decision(res: RateLimiterRes, used: number, points: number): LimitDecision {
    return {
      allowed: used <= points,
      remaining: Math.max(0, points - used),
      resetAt: Math.ceil((Date.now() + res.msBeforeNext) / 1000),
      retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }

  private limiterId(bucket: Bucket): string {
    return `${bucket.name}:${bucket.points}:${bucket.durationSec}`;
  }

  private limiter(bucket: Bucket): RateLimiterAbstract {
    const id = this.limiterId(bucket);
    let limiter = this.limiters.get(id);
    if (!limiter) {
      // Buckets of one name share their counters whatever their points (a key's plan may change).
      limiter = sharedRateLimiter(this.redis, {
        points: bucket.points,
        duration: bucket.durationSec,
        keyPrefix: `${this.prefix}rl:${bucket.name}`,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarning < 60_000) return;
    this.lastWarning = Date.now();
    this.logger.warn(
      `Rate-limit store unavailable, letting calls through: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
