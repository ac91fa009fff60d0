import { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { MetricsService } from './common/metrics/metrics.service';
import { pathOf, type RawRequest } from './http/shared/auth/request-context';
import { answerClientErrors, answerUnmetExpectations } from './http/shared/filters/client-errors';
import { requestIdFor } from './http/shared/logging';
import { envelopeOf } from './http/shared/filters/surface-error.filters';
import { JSON_CONTENT_TYPE } from './http/shared/presenters/json-body';
import { surfaceOf } from './http/shared/surface';
import { toProblem } from './common/errors/problem';
import { recordHttpMetrics } from './http/shared/metrics/http-metrics.middleware';
import { metricsRoute } from './http/shared/metrics/metrics-endpoint';
import { setupOpenApi } from './http/shared/openapi/document';
import { securityHeaders } from './http/shared/security-headers';
import { builtConsole, webConsole } from './http/shared/web-console';
import { AppConfig } from './config/app-config';

export interface CreateAppOptions {
  /** Extra modules (tests mount fixture routes this way). */
  extraModules?: Type[];
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Builds the configured Nest application without listening; main.ts and the e2e tests share it. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  const root = AppModule.register(config, options.logStream);
  root.imports = [...(root.imports ?? []), ...(options.extraModules ?? [])];
  const headers = securityHeaders();
  const adapter = new FastifyAdapter(serverOptions(config, headers));
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    bufferLogs: true,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  takeParsedBodies(fastify);
  matchPathsAsSent(fastify);
  const metrics = app.get(MetricsService);
  // Hooks added here run before Nest's middleware (the request logger, the request guard), in this order.
  fastify.addHook('onRequest', recordHttpMetrics(metrics));
  // Before the surfaces: /metrics belongs to none of them (and is not in the OpenAPI document).
  if (config.metrics.port === undefined)
    fastify.addHook(
      'onRequest',
      metricsRoute(metrics, { token: config.metrics.token, loopbackOnly: config.metrics.token === undefined }),
    );
  answerClientErrors(app.getHttpServer(), config.scannerBasePath);
  answerUnmetExpectations(app.getHttpServer(), config.scannerBasePath);
  // Every answer is computed live, so conditions are ignored and the full answer is sent (static files
  // included: their conditional GETs would otherwise get a bodiless 304).
  fastify.addHook('onRequest', (request, _reply, done) => {
    delete request.headers['if-none-match'];
    delete request.headers['if-modified-since'];
    done();
  });
  fastify.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, () => done()));
  const consoleDir = builtConsole();
  if (consoleDir) fastify.addHook('onRequest', webConsole(consoleDir));
  setupOpenApi(app, config);
  return app;
}

/**
 * A path serves only the surface it belongs to: `/SCANNER/api/v1/...` is not `/scanner/api/v1/...`,
 * and `/health/` is not `/health`. Client addresses are taken from X-Forwarded-For only behind a
 * loopback proxy. A path parameter may be as long as a URL (an over-long address is a 400 in the
 * surface's envelope, not a 404). Requests that arrive while the server closes are still answered.
 * Each request's id (logged, and echoed in X-Request-Id) is made here. A path Fastify's router cannot
 * decode (`/jobs/%C0%AF`) is a 400 in the envelope of its surface, with the usual headers.
 */
function serverOptions(config: AppConfig, headers: ReturnType<typeof securityHeaders>): FastifyServerOptions {
  return {
    frameworkErrors: (error, request, reply) => {
      const path = pathOf(request.raw);
      const problem = toProblem(error, { method: request.method, path });
      const body = JSON.stringify(envelopeOf(surfaceOf(path, config.scannerBasePath), problem));
      const res = reply.raw;
      res.setHeader('X-Request-Id', request.id);
      headers(request.raw, res, () => undefined);
      res.writeHead(problem.status, { 'Content-Type': JSON_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    },
    genReqId: (req) => requestIdFor(req as IncomingMessage),
    trustProxy: 'loopback',
    return503OnClosing: false,
    routerOptions: {
      caseSensitive: true,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      maxParamLength: 65536,
    },
  };
}

/**
 * Fastify's router decodes a path before matching it, so `/%68ealth` would be `/health`; a route is
 * matched by the path as sent (its parameters decoded once matched), as it was under Express. A path
 * with an escape is checked against its route's template spelled out; one that does not match it
 * exactly is not found (after the middleware: it is logged, and a key in it is still refused first).
 */
function matchPathsAsSent(fastify: FastifyInstance): void {
  const templates = new Map<string, RegExp>();
  const templateOf = (url: string): RegExp => {
    let pattern = templates.get(url);
    if (!pattern) {
      const source = url
        .split(/(:\w+|\*)/)
        .map((part) =>
          part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      pattern = new RegExp(`^${source}$`);
      templates.set(url, pattern);
    }
    return pattern;
  };
  fastify.addHook('preValidation', (request, reply, done) => {
    const url = request.routeOptions.url;
    const path = pathOf(request.raw);
    if (url === undefined || request.is404 || !path.includes('%') || templateOf(url).test(path)) return done();
    reply.callNotFound();
  });
}

/**
 * Bodies are read by body-parser in Nest's middleware (AppModule: after the request logger and the
 * request guard, for every method, JSON only, 100 kB), as before the move to Fastify: Fastify's own
 * parsers are replaced by one that hands on what it read, so no content type is refused here.
 */
function takeParsedBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request, _payload, done) => done(null, (request.raw as RawRequest).body));
  // Fastify reads no body for GET, HEAD and DELETE-less methods: a parsed one is still the request's.
  fastify.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined) request.body = (request.raw as RawRequest).body;
    done();
  });
}
