import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import type { Problem } from '../../../common/errors/problem.types';
import type { MetricsService } from '../../../common/metrics/metrics.service';
import { pathOf } from '../auth/request-context';
import { envelopeOf } from '../filters/surface-error.filters';
import { metricsRefusal, type MetricsAccessPolicy } from './metrics-access';

export const METRICS_PATH = '/metrics';

/** Responses the scrape route answered (the request metrics label them with its path). */
export const answeredScrapes = new WeakSet<ServerResponse>();

/** Serves the scrape, or answers why not in surface A's envelope (the path is A's). */
export async function answerScrape(
  metrics: MetricsService,
  policy: MetricsAccessPolicy,
  req: IncomingMessage,
  res: ServerResponse,
  clientIp: string | undefined,
): Promise<void> {
  const refusal = metricsRefusal(policy, { authorization: req.headers.authorization, clientIp });
  if (refusal) return answerProblem(res, refusal);
  try {
    const body = await metrics.render();
    res.writeHead(200, {
      'Content-Type': metrics.contentType,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    answerProblem(res, {
      kind: 'internal',
      status: 500,
      message: 'The metrics could not be collected',
      expected: true,
    });
  }
}

export function answerProblem(res: ServerResponse, problem: Problem): void {
  const body = JSON.stringify(envelopeOf('A', problem));
  res.writeHead(problem.status, {
    ...problem.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * GET /metrics on the API's own port (when METRICS_PORT is unset), before the surfaces' routes: exact
 * path only, like every route here. Client addresses are Fastify's (trust proxy: loopback), so a
 * client behind a local reverse proxy is not taken for a loopback one.
 */
export function metricsRoute(metrics: MetricsService, policy: MetricsAccessPolicy): onRequestHookHandler {
  return (request, reply, done) => {
    if (pathOf(request.raw) !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    answeredScrapes.add(reply.raw);
    // Answered here, on Node's response: the rest of Fastify's lifecycle does not run.
    reply.hijack();
    void answerScrape(metrics, policy, request.raw, reply.raw, request.ip);
  };
}
