import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../common/metrics/metrics.service';

/** The queues this service uses (the housekeeping ones are fed by pg-boss's cron schedules). */
export const QUEUES = {
  scan: 'scan',
  scanGivenUp: 'scan-given-up',
  webhook: 'webhook',
  callHistory: 'housekeeping-call-history',
  caches: 'housekeeping-caches',
  lineageDatabases: 'housekeeping-lineage-databases',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** Earlier tries of this job (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export interface SendOptions {
  /** The job's id (our row's id, so the two are one). */
  id: string;
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (pg-boss back-off). */
  retryDelaySeconds: number;
  /** Where pg-boss puts the job's data when its last try failed or timed out. */
  deadLetter?: QueueName;
}

/**
 * The job queue: pg-boss on the service's own PostgreSQL (its schema `pgboss`, created on first start),
 * so it runs on the embedded default and on a managed cluster alike. A job a worker took and did not
 * finish within JOB_TIMEOUT_SECONDS (the worker died, or hangs) is failed by pg-boss's supervision, run
 * every JOB_MAINTENANCE_SECONDS by any instance, and retried while its retries last.
 */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    // Only a started queue is measured: an API process that never sent a job opens no connection for it.
    this.metrics.registerQueueDepth(async () => (this.boss ? this.depth() : {}));
  }

  /** Starts pg-boss once (migrating its schema under its own lock) and creates the queues. */
  start(): Promise<PgBoss> {
    this.starting ??= this.open();
    return this.starting;
  }

  private async open(): Promise<PgBoss> {
    const { jobs, databaseUrl } = this.config;
    const boss = new PgBoss({
      connectionString: databaseUrl,
      application_name: 'token-analysis-jobs',
      max: 4,
      expireInSeconds: jobs.timeoutSeconds,
      maintenanceIntervalSeconds: jobs.maintenanceSeconds,
      monitorStateIntervalSeconds: jobs.maintenanceSeconds,
      // Cron schedules are sent by processes that run workers; pg-boss sends each tick once among them.
      schedule: jobs.role !== 'api',
    });
    boss.on('error', (err) => this.logger.error({ err }, 'Job queue error'));
    await boss.start();
    for (const name of Object.values(QUEUES)) await boss.createQueue(name);
    this.boss = boss;
    return boss;
  }

  async send<T extends object>(queue: QueueName, data: T, options: SendOptions): Promise<void> {
    const boss = await this.start();
    await boss.send(queue, data, {
      id: options.id,
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.config.jobs.timeoutSeconds,
      ...(options.deadLetter ? { deadLetter: options.deadLetter } : {}),
    });
  }

  /** Sends a job to `queue` at each tick of `cron` (UTC), once among all instances; replaces an earlier schedule. */
  async schedule(queue: QueueName, cron: string): Promise<void> {
    const boss = await this.start();
    await boss.schedule(
      queue,
      cron,
      {},
      { tz: 'UTC', retryLimit: 0, expireInSeconds: this.config.jobs.timeoutSeconds },
    );
  }

  /**
   * Runs `handler` for the queue's jobs, `concurrency` at a time in this process. A handler that throws
   * fails the try; pg-boss retries it while retries last.
   */
  async work<T>(queue: QueueName, concurrency: number, handler: (job: QueuedJob<T>) => Promise<void>): Promise<void> {
    const boss = await this.start();
    for (let i = 0; i < concurrency; i++) {
      await boss.work<T>(
        queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.config.jobs.pollSeconds },
        async ([job]) => {
          const started = performance.now();
          try {
            await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
          } catch (err) {
            this.metrics.jobFailed(queue);
            throw err;
          }
          this.metrics.jobCompleted(queue, (performance.now() - started) / 1000);
        },
      );
    }
  }

  /** Jobs waiting or running per queue (created, retry, active). */
  async depth(): Promise<Record<QueueName, number>> {
    const boss = await this.start();
    const entries = await Promise.all(Object.values(QUEUES).map(async (q) => [q, await boss.getQueueSize(q)] as const));
    return Object.fromEntries(entries) as Record<QueueName, number>;
  }

  async onApplicationShutdown(): Promise<void> {
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => undefined) : undefined);
    if (boss)
      await boss
        .stop({ graceful: true, wait: true, timeout: this.config.shutdownTimeoutMs || 1 })
        .catch((err: unknown) => this.logger.warn({ err }, 'Job queue stop failed'));
  }
}
