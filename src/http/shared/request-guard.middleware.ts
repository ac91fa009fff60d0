import { Injectable, NestMiddleware } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { containsApiKey } from '../../accounts/api-key';
import { KeyInUrlError } from '../../accounts/account.errors';
import { pathOf, type RawRequest } from './auth/request-context';

const KEY_PARAMS = /^(api[-_]?key|x-service-api-key|access[-_]?token|key|token)$/i;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Stamps the request's start (call latency) and refuses keys sent in the URL: a URL is kept by
 * proxies, browsers and access logs, so such a key must not be accepted, whatever the route.
 */
@Injectable()
export class RequestGuardMiddleware implements NestMiddleware {
  use(req: RawRequest, _res: ServerResponse, next: () => void): void {
    req.startedAt = performance.now();
    const path = pathOf(req);
    const query = (req.originalUrl ?? req.url ?? '').split('?')[1];
    if (containsApiKey(path) || containsApiKey(safeDecode(path))) throw new KeyInUrlError();
    if (query) {
      const params = new URLSearchParams(query);
      for (const [name, value] of params) {
        if (KEY_PARAMS.test(name) || containsApiKey(value)) throw new KeyInUrlError();
      }
    }
    next();
  }
}
