import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import { containsApiKey, redactApiKeys } from '../../accounts/api-key';
import { prettyLogStream } from '../../common/pretty-log';
import { AppConfig } from '../../config/app-config';
import type { RawRequest } from './auth/request-context';

/** An incoming X-Request-Id is kept only in this shape, and never when it looks like a key (it is logged). */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** A key is a prefix and 64 hex digits: a run of 64 is its secret part (a 32-digit W3C trace id is fine). */
const KEY_SHAPED = /[0-9a-f]{64}/i;

function safeRequestId(incoming: unknown): string | null {
  return typeof incoming === 'string' &&
    REQUEST_ID.test(incoming) &&
    !KEY_SHAPED.test(incoming) &&
    !containsApiKey(incoming)
    ? incoming
    : null;
}

/**
 * The id of a request (Fastify's `genReqId`, which the request logger then uses): a well-formed
 * incoming X-Request-Id, or a fresh UUID.
 */
export function requestIdFor(req: IncomingMessage): string {
  return safeRequestId(req.headers['x-request-id']) ?? randomUUID();
}

/** Echoes the request's id in the response (a middleware beside the request logger's). */
export function echoRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void): void {
  res.setHeader('X-Request-Id', String(req.id));
  next();
}

/**
 * Structured JSON logs with a request id on every line (taken from a well-formed incoming X-Request-Id or
 * made up) and echoed in the response; human-readable lines instead with LOG_FORMAT=pretty. Requests are
 * logged by method and path only: no headers and no query string, so keys, signatures and provider
 * credentials cannot reach a log line. A request made with a valid key carries the key's display
 * prefix (`key_prefix`, e.g. `ta_1a2b3c4d`: what the key listings show), added once the guard knows it.
 * Lines go to stdout asynchronously (written in batches while a write is in flight, flushed on exit), and
 * ACCESS_LOG_SAMPLE keeps a share of the access lines of answered requests (4xx and 5xx are always kept).
 */
export function loggerParams(config: AppConfig, stream?: DestinationStream): Params {
  const sample = config.accessLogSample;
  const options = {
    level: config.logLevel,
    // The id is Fastify's (requestIdFor), which pino-http finds on the request.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: redactApiKeys(req.url.split('?')[0]),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => {
      if (err || res.statusCode >= 500) return 'error';
      return res.statusCode < 400 && sample < 1 && Math.random() >= sample ? 'silent' : 'info';
    },
    // Errors are logged once, by the surface filter, with the stack.
    customAttributeKeys: { err: 'httpErr' },
    quietReqLogger: true,
    customProps: (req: RawRequest) => {
      const prefix = req.apiKey?.prefix;
      return prefix ? { key_prefix: prefix } : undefined;
    },
  };
  const destination =
    config.logFormat === 'pretty'
      ? prettyLogStream(stream ?? process.stdout, !stream && process.stdout.isTTY)
      : (stream ?? pino.destination({ dest: 1, sync: false }));
  return { pinoHttp: [options, destination] } as Params;
}
