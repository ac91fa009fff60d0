import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { ConcurrencyGateHost, clusterProcessesLink } from './cluster-concurrency-gate';

/**
 * In the cluster's primary, before it forks: the counters its API processes share when there is no
 * Redis (their rate limits and upstream buckets, asked by sharedRateLimiter's RateLimiterCluster, and
 * surface B's concurrency slots, asked by ClusterConcurrencyGate). With Redis they are not asked.
 */
export function serveClusterLimits(): void {
  new RateLimiterClusterMaster();
  new ConcurrencyGateHost(clusterProcessesLink());
}
