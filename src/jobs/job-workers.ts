import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { JobQueue, QUEUES } from './job-queue';
import { ScanJobService } from './scan-jobs.service';
import { WebhookSender } from './webhook.sender';

/** Webhook deliveries each worker process sends at once (they wait on other servers, not on CPU). */
const WEBHOOK_CONCURRENCY = 4;

/**
 * Starts the queue with the app, and, in a process whose role runs workers (`all`, `worker`), the scan
 * and webhook workers. An `api` process only sends jobs: its queue starts on the first one.
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobWorkers.name);

  constructor(
    private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly scans: ScanJobService,
    private readonly webhooks: WebhookSender,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { role, concurrency } = this.config.jobs;
    if (role === 'api') return;
    await this.queue.work<{ jobId: string }>(QUEUES.scan, concurrency, (job) => this.scans.run(job.data.jobId, job));
    await this.queue.work<{ jobId: string }>(QUEUES.scanGivenUp, 1, (job) => this.scans.giveUp(job.data.jobId));
    await this.queue.work<{ deliveryId: string }>(QUEUES.webhook, WEBHOOK_CONCURRENCY, (job) =>
      this.webhooks.deliver(job.data.deliveryId, job),
    );
    this.logger.log(`Job workers running: ${concurrency} scan, ${WEBHOOK_CONCURRENCY} webhook (role ${role})`);
  }
}
