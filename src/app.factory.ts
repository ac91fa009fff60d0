import { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { MetricsService } from './common/metrics/metrics.service';
import { answerClientErrors, answerUnmetExpectations } from './http/shared/filters/client-errors';
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
  const app = await NestFactory.create<NestExpressApplication>(root, new ExpressAdapter(exactRouting()), {
    bufferLogs: true,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  const metrics = app.get(MetricsService);
  app.use(recordHttpMetrics(metrics));
  // Before the surfaces: /metrics belongs to none of them (and is not in the OpenAPI document).
  if (config.metrics.port === undefined)
    app.use(metricsRoute(metrics, { token: config.metrics.token, loopbackOnly: config.metrics.token === undefined }));
  answerClientErrors(app.getHttpServer(), config.scannerBasePath);
  answerUnmetExpectations(app.getHttpServer(), config.scannerBasePath);
  app.disable('x-powered-by');
  // Reports change with every block; a body hash per response costs CPU and saves nothing.
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  // With no validators sent, a conditional GET (If-None-Match: *) would still get a bodiless 304 from
  // Express: every answer is computed live, so conditions are ignored and the full answer is sent.
  app.use((req: express.Request, _res: express.Response, next: express.NextFunction) => {
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    next();
  });
  app.use(securityHeaders());
  const consoleDir = builtConsole();
  if (consoleDir) app.use(webConsole(consoleDir));
  setupOpenApi(app, config);
  return app;
}

/**
 * A path serves only the surface it belongs to: `/SCANNER/api/v1/...` is not `/scanner/api/v1/...`,
 * and `/health/` is not `/health`. Express reads these settings once, when its router is first made
 * (the adapter's constructor), so they are set on the instance before Nest sees it.
 */
function exactRouting(): express.Express {
  const server = express();
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  return server;
}
