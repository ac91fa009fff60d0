import cluster from 'node:cluster';
import pino from 'pino';
import { createApp } from './app.factory';
import type { INestApplication } from '@nestjs/common';
import { prepareRuntime, type Runtime } from './bootstrap';
import { runClusterPrimary } from './cluster';
import { prettyLogStream } from './common/pretty-log';
import { closeGracefully, stopOnSignals } from './common/shutdown';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { EmbeddedPostgresError, embeddedPostgresFailureLine } from './prisma/embedded-postgres';

async function main(): Promise<void> {
  let initial;
  try {
    initial = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const options = { level: initial.logLevel, base: { pid: process.pid, context: 'Bootstrap' } };
  const log =
    initial.logFormat === 'pretty'
      ? pino(options, prettyLogStream(process.stdout, process.stdout.isTTY))
      : pino(options);
  const runtime = await prepareRuntime(initial, log);
  const { config } = runtime;
  if (cluster.isPrimary && config.jobs.apiProcesses > 1) return runClusterPrimary(runtime, log);
  const app = await createApp(config);
  if (config.jobs.role === 'worker') {
    await app.init();
    log.info(
      { concurrency: config.jobs.concurrency },
      `Token Analysis API ${config.version} worker running (PROCESS_ROLE=worker: jobs only, no HTTP)`,
    );
  } else {
    await listen(app, config, log);
  }
  awaitShutdown(app, runtime, log);
}

async function listen(app: INestApplication, config: AppConfig, log: pino.Logger): Promise<void> {
  await app.listen(config.port, config.host);
  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  log.info(
    {
      surfaces: { A: `${base}/api/v1`, B: `${base}${config.scannerBasePath}/api/v1`, C: `${base}/v1` },
      docs: `${base}/docs`,
    },
    `Token Analysis API ${config.version} listening on ${base} (PROCESS_ROLE=${config.jobs.role})`,
  );
}

function awaitShutdown(app: INestApplication, runtime: Runtime, log: pino.Logger): void {
  const shutdown = stopOnSignals(log, {
    doing: 'finishing in-flight requests',
    timeoutMs: runtime.config.shutdownTimeoutMs,
    stop: async () => {
      await closeGracefully(app);
      await runtime.stop();
    },
  });
  // An API process of a cluster whose primary is gone stops too, instead of holding the port.
  if (cluster.isWorker) process.once('disconnect', () => shutdown.begin('SIGTERM'));
}

main().catch((err: unknown) => {
  // Not a bug in the service but a machine it cannot use as it is: one line, no stack.
  if (err instanceof EmbeddedPostgresError) {
    process.stderr.write(`${embeddedPostgresFailureLine(err)}\n`);
    process.exit(1);
  }
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
