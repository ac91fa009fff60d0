import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterCluster, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { inCluster } from '../common/metrics/cluster-metrics';

/** How long a process of a cluster waits for the primary's answer before letting the call through. */
export const CLUSTER_ANSWER_MS = 2_000;

/**
 * A fixed-window counter where every process that serves the same clients sees it: in Redis when it
 * is configured (every instance, every machine); else, in a process forked by the cluster's primary
 * (API_PROCESSES > 1), in the primary, asked over the cluster's IPC channel (rate-limiter-flexible's
 * RateLimiterCluster, answered by the RateLimiterClusterMaster that serveClusterLimits starts); else in
 * this process. Counters of one `keyPrefix` are one counter whatever the `points` (in the primary, the
 * first limiter of a prefix fixes the points at which it refuses; callers that decide from
 * `consumedPoints` are not affected).
 */
export function sharedRateLimiter(
  redis: Redis | null,
  options: { keyPrefix: string; points: number; duration: number },
): RateLimiterAbstract {
  if (redis) return new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true });
  if (inCluster()) return new RateLimiterCluster({ ...options, timeoutMs: CLUSTER_ANSWER_MS });
  return new RateLimiterMemory(options);
}
