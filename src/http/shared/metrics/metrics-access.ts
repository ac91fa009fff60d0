import { createHash, timingSafeEqual } from 'node:crypto';
import type { Problem } from '../../../common/errors/problem.types';

export interface MetricsAccessPolicy {
  /** METRICS_TOKEN: callers must send `Authorization: Bearer <token>`. */
  token?: string;
  /** Without a token on the API's own port, only loopback clients may read /metrics. */
  loopbackOnly: boolean;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether a scrape may read /metrics: null when it may, else the problem to answer. The token is
 * compared in constant time (over digests, so its length does not leak either).
 */
export function metricsRefusal(
  policy: MetricsAccessPolicy,
  request: { authorization?: string; clientIp?: string },
): Problem | null {
  if (policy.token !== undefined) {
    const presented = BEARER.exec(request.authorization ?? '')?.[1];
    if (presented !== undefined && timingSafeEqual(digest(presented), digest(policy.token))) return null;
    return {
      kind: 'unauthenticated',
      status: 401,
      message: '/metrics needs the metrics token: send "Authorization: Bearer <METRICS_TOKEN>"',
      headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      expected: true,
    };
  }
  if (!policy.loopbackOnly || LOOPBACK.test(request.clientIp ?? '')) return null;
  return {
    kind: 'forbidden',
    status: 403,
    message:
      '/metrics is served to loopback clients only; set METRICS_TOKEN (or METRICS_PORT) to scrape it from elsewhere',
    expected: true,
  };
}
