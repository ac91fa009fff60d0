import type { NextFunction, Request, Response } from 'express';
import { performance } from 'node:perf_hooks';
import { UNMATCHED_ROUTE } from '../../../common/metrics/metric-labels';
import type { MetricsService } from '../../../common/metrics/metrics.service';

/**
 * Counts every answered request by route template (Express's matched route, e.g.
 * `/api/v1/token/scan`; `unmatched` for the not-found catch-all, never the raw path), method and status, and observes its
 * latency. One listener and a clock read per request; the rest is done once per label set.
 */
export function recordHttpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const startedAt = performance.now();
    res.once('finish', () => {
      metrics.httpRequest(routeOf(req, res), req.method, res.statusCode, (performance.now() - startedAt) / 1000);
    });
    next();
  };
}

function routeOf(req: Request, res: Response): string {
  const path = (req.route as { path?: string } | undefined)?.path ?? (res.locals.metricsRoute as string | undefined);
  // The surfaces' not-found handler is a catch-all route (`/{*path}`, or one under a prefix).
  return path === undefined || path.includes('{*') ? UNMATCHED_ROUTE : path;
}
