import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { MetricsService, type RateLimitName } from '../common/metrics/metrics.service';
import { inCluster } from '../common/metrics/cluster-metrics';
import { RedisService } from '../common/redis/redis.service';
import { ClusterConcurrencyGate } from './cluster-concurrency-gate';
import { ConcurrencyGate, MemoryConcurrencyGate, RedisConcurrencyGate } from './concurrency-gate';
import { Bucket, LimitDecision, LimitStore } from './limit-store';
import { RateLimitedError } from './limit.errors';

/** Which per-key budget a route draws on: the plan's requests per minute, or surface B's Low class. */
export type KeyLimit = 'plan' | 'low';

export interface Admission {
  /** X-RateLimit-Remaining / X-RateLimit-Reset of the binding per-key budget. */
  headers: Record<string, string>;
  /** Frees the concurrency slot; call once the response is done. */
  release(): Promise<void>;
  /** Gives back what was taken, for a request refused after admission (e.g. by its quota). */
  undo(): Promise<void>;
}

export interface IpBucket {
  name: string;
  points: number;
  durationSec: number;
}

export interface LimitStats {
  currentConcurrent: number;
  requestsThisMinute: number;
  maxConcurrent: number;
}

const GLOBAL_KEY = 'all';

function headersOf(d: LimitDecision): Record<string, string> {
  return { 'X-RateLimit-Remaining': String(d.remaining), 'X-RateLimit-Reset': String(d.resetAt) };
}

/**
 * Every rate limit of the spec: per key per minute (by plan, or B's Low class), B's global requests per
 * minute and concurrent requests, and per-IP limits on key issuing. A refused request takes nothing
 * from the budgets it passed before.
 */
@Injectable()
export class LimitsService {
  private readonly store: LimitStore;
  private readonly gate: ConcurrencyGate;
  private readonly globalBucket: Bucket;
  private readonly lowBucket: Bucket;

  constructor(
    private readonly config: AppConfig,
    redis: RedisService,
    private readonly metrics: MetricsService,
  ) {
    this.store = new LimitStore(redis.client, config.redisKeyPrefix);
    const max = config.limits.scannerMaxConcurrent;
    // As the rate limits (sharedRateLimiter): in Redis, else in the cluster's primary, else in process.
    this.gate = redis.client
      ? new RedisConcurrencyGate(redis.client, `${config.redisKeyPrefix}slots:scanner`, max)
      : inCluster()
        ? new ClusterConcurrencyGate({ gate: 'scanner', max })
        : new MemoryConcurrencyGate(max);
    this.globalBucket = { name: 'scanner-global', points: config.limits.scannerGlobalPerMinute, durationSec: 60 };
    this.lowBucket = { name: 'low', points: config.limits.lowClassPerMinute, durationSec: 60 };
  }

  /** Admits a keyed call or throws RateLimitedError (with the headers and retry delay). */
  /** `scannerWide`: the call also draws on surface B's shared per-minute and concurrency budgets. */
  async admitKey(input: {
    keyId: string;
    planPerMinute: number;
    limit: KeyLimit;
    scannerWide: boolean;
  }): Promise<Admission> {
    const own: Bucket =
      input.limit === 'low' ? this.lowBucket : { name: 'key', points: input.planPerMinute, durationSec: 60 };
    const ownDecision = await this.store.consume(own, input.keyId);
    const headers = headersOf(ownDecision);
    if (!ownDecision.allowed) {
      this.metrics.rateLimitRefused(input.limit === 'low' ? 'low_class' : 'key');
      throw new RateLimitedError(
        `Rate limit exceeded: ${own.points} requests per minute for this key`,
        ownDecision.retryAfter,
        headers,
      );
    }
    const undoOwn = () => this.store.refund(own, input.keyId);
    if (!input.scannerWide) return { headers, release: async () => undefined, undo: undoOwn };

    const global = await this.store.consume(this.globalBucket, GLOBAL_KEY);
    if (!global.allowed) {
      this.metrics.rateLimitRefused('scanner_global');
      await undoOwn();
      throw new RateLimitedError(
        `Service busy: ${this.globalBucket.points} requests per minute across all users`,
        global.retryAfter,
        headers,
      );
    }
    const slot = randomUUID();
    if (!(await this.gate.tryAcquire(slot))) {
      this.metrics.rateLimitRefused('scanner_concurrency');
      await Promise.all([undoOwn(), this.store.refund(this.globalBucket, GLOBAL_KEY)]);
      throw new RateLimitedError(
        `Service busy: at most ${this.config.limits.scannerMaxConcurrent} concurrent requests`,
        1,
        headers,
      );
    }
    return {
      headers,
      release: () => this.gate.release(slot),
      undo: async () => {
        await Promise.all([undoOwn(), this.store.refund(this.globalBucket, GLOBAL_KEY), this.gate.release(slot)]);
      },
    };
  }

  /**
   * Per-client-IP budget for calls made without a key (key issuing, wallet proofs). Returns the
   * X-RateLimit-* headers of the budget; throws RateLimitedError when it is spent.
   */
  async admitIp(ip: string, bucket: IpBucket): Promise<Record<string, string>> {
    const decision = await this.store.consume({ ...bucket, name: `ip-${bucket.name}` }, ip);
    if (!decision.allowed) {
      const window = bucket.durationSec >= 3600 ? 'hour' : 'minute';
      this.metrics.rateLimitRefused(ipLimitName(bucket));
      throw new RateLimitedError(
        `Too many requests from this address: ${bucket.points} per ${window}`,
        decision.retryAfter,
        headersOf(decision),
      );
    }
    return headersOf(decision);
  }

  /** The per-IP bucket of a named class: key issuing (per hour) or the Low class (per minute). */
  ipBucket(name: string, kind: 'key-issue' | 'low'): IpBucket {
    return kind === 'key-issue'
      ? { name, points: this.config.limits.keyIssuesPerIpPerHour, durationSec: 3600 }
      : { name, points: this.config.limits.lowClassPerMinute, durationSec: 60 };
  }

  get globalPerMinute(): number {
    return this.globalBucket.points;
  }

  async stats(): Promise<LimitStats> {
    const [currentConcurrent, requestsThisMinute] = await Promise.all([
      this.gate.current(),
      this.store.used(this.globalBucket, GLOBAL_KEY),
    ]);
    return { currentConcurrent, requestsThisMinute, maxConcurrent: this.config.limits.scannerMaxConcurrent };
  }
}

/** Key issuing is limited per hour, the Low class per minute (ipBucket). */
function ipLimitName(bucket: IpBucket): RateLimitName {
  return bucket.durationSec >= 3600 ? 'ip_key_issue' : 'ip_low';
}
