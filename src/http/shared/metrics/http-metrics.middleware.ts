import type { onRequestHookHandler } from 'fastify';
import { performance } from 'node:perf_hooks';
import { UNMATCHED_ROUTE } from '../../../common/metrics/metric-labels';
import type { MetricsService } from '../../../common/metrics/metrics.service';
import { answeredScrapes, METRICS_PATH } from './metrics-endpoint';

/**
 * Counts every answered request by route template (Fastify's matched route, e.g.
 * `/api/v1/token/scan`; `unmatched` for the not-found handler, never the raw path), method and status, and observes its
 * latency. One listener and a clock read per request; the rest is done once per label set.
 */
export function recordHttpMetrics(metrics: MetricsService): onRequestHookHandler {
  return (request, reply, done) => {
    const startedAt = performance.now();
    const res = reply.raw;
    res.once('finish', () => {
      const route = answeredScrapes.has(res)
        ? METRICS_PATH
        : request.is404
          ? UNMATCHED_ROUTE
          : (request.routeOptions.url ?? UNMATCHED_ROUTE);
      metrics.httpRequest(route, request.method, res.statusCode, (performance.now() - startedAt) / 1000);
    });
    done();
  };
}
