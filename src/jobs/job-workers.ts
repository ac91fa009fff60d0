import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { HOUSEKEEPING_SCHEDULES, Housekeeping } from './housekeeping';
import { JobQueue, QUEUES } from './job-queue';
import { ScanJobService } from './scan-jobs.service';
import { WebhookSender } from './webhook.sender';

/** Webhook deliveries each worker process sends at once (they wait on other servers, not on CPU). */
const WEBHOOK_CONCURRENCY = 4;

/**
 * Starts the queue with the app, and, in a process whose role runs workers (`all`, `worker`), the scan
 * and webhook workers and the scheduled housekeeping (src/jobs/housekeeping.ts). An `api` process only sends jobs: its queue starts on the first one.
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobWorkers.name);

  constructor(
    private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly scans: ScanJobService,
    private readonly webhooks: WebhookSender,
    private readonly housekeeping: Housekeeping,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { role, concurrency } = this.config.jobs;
    if (role === 'api') return;
    await this.queue.work<{ jobId: string }>(QUEUES.scan, concurrency, (job) => this.scans.run(job.data.jobId, job));
    await this.queue.work<{ jobId: string }>(QUEUES.scanGivenUp, 1, (job) => this.scans.giveUp(job.data.jobId));
    await this.queue.work<{ deliveryId: string }>(QUEUES.webhook, WEBHOOK_CONCURRENCY, (job) =>
      this.webhooks.deliver(job.data.deliveryId, job),
    );
    for (const { queue, cron } of HOUSEKEEPING_SCHEDULES) {
      await this.queue.schedule(queue, cron);
      await this.queue.work(queue, 1, () => this.housekeeping.jobs[queue]());
    }
    this.logger.log(`Job workers running: ${concurrency} scan, ${WEBHOOK_CONCURRENCY} webhook (role ${role})`);
  }
}
