import cluster, { type Worker } from 'node:cluster';
import type { Logger as PinoLogger } from 'pino';
import type { Runtime } from './bootstrap';
import { serveClusterMetrics } from './common/metrics/cluster-metrics';
import { stopOnSignals } from './common/shutdown';
import { serveClusterLimits } from './metering/cluster-limits';

/** A process that dies this soon after it was forked is restarted after a longer pause (a crash loop). */
const EARLY_DEATH_MS = 5_000;

/**
 * The primary of API_PROCESSES > 1: the embedded parts and the migrations are done (`runtime`), so it
 * forks the HTTP processes, which share the port (node:cluster hands each new connection to one of
 * them), aggregates their metrics for /metrics, holds their shared rate limits and concurrency slots
 * when there is no Redis, restarts one that dies, and stops them on SIGTERM or SIGINT before the
 * embedded parts. It serves no request itself.
 *
 * The first process keeps the configured role (with `all`, it also runs the job workers); the others are
 * `api`. Each starts as a single process would, on the database the primary resolved; an embedded
 * devnet is reused on its port, never started twice. Limits are shared through Redis when REDIS_URL is
 * set (every machine), else through this primary (serveClusterLimits); quotas are exact in PostgreSQL.
 */
export function runClusterPrimary(runtime: Runtime, log: PinoLogger): void {
  const { config } = runtime;
  const count = config.jobs.apiProcesses;
  serveClusterMetrics();
  serveClusterLimits();
  const shutdown = stopOnSignals(log, {
    doing: 'stopping the API processes',
    timeoutMs: config.shutdownTimeoutMs + 2_000,
    stop: async () => {
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
      await runtime.stop();
    },
  });

  const fork = (index: number): void => {
    const role = index === 0 ? config.jobs.role : 'api';
    const startedAt = Date.now();
    const worker = cluster.fork({ DATABASE_URL: config.databaseUrl, PROCESS_ROLE: role });
    worker.once('exit', (code, signal) => {
      if (shutdown.stopping()) return;
      const early = Date.now() - startedAt < EARLY_DEATH_MS;
      log.error(
        { pid: worker.process.pid, index, code, signal },
        `API process ${index} exited; starting another${early ? ' in 5 s (it died right after starting)' : ''}`,
      );
      setTimeout(() => fork(index), early ? EARLY_DEATH_MS : 0);
    });
  };
  for (let index = 0; index < count; index++) fork(index);
  log.info(
    { processes: count, port: config.port },
    `Token Analysis API: ${count} API processes share port ${config.port} (API_PROCESSES=${count})`,
  );
}
