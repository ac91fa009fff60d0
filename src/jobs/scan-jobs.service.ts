import { Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { ANALYSED_FEATURES, type Feature, type ServedReport } from '../analysis/report/token-report';
import { TokenAnalysisService } from '../analysis/token-analysis.service';
import { toProblem } from '../common/errors/problem';
import { ChainRegistry } from '../chain/chain-registry';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { requestCallbackUrl } from './callback-url';
import { JobQueue, QUEUES } from './job-queue';
import { ScanJobRepository } from './scan-job.repository';
import { JobNotFoundError } from './jobs.errors';
import {
  servedJob,
  type JobFailure,
  type JobSurface,
  type ScanJob,
  type ScanJobRequest,
  type SectionProgress,
  type StoredScanJob,
  type WebhookDelivery,
} from './scan-job.types';
import { WebhookSender } from './webhook.sender';

/** Error kinds a retry cannot change: the job fails at once. */
const FINAL_KINDS = new Set([
  'validation',
  'not_found',
  'forbidden',
  'conflict',
  'payment_required',
  'unauthenticated',
]);
/** A deadline's job may take a report made since the scan began (seconds). */
const FOLLOW_UP_CACHE_TTL = 60;
/** How often a watched job's row is read. */
const JOB_WATCH_MS = 250;
/** Deliveries listed per key, newest first. */
const RECENT_DELIVERIES = 50;
/** Progress is written at most this often per job (sections finish within milliseconds of each other). */
const PROGRESS_WRITE_MS = 200;

/**
 * Scans as jobs: accepted by any API instance (a row and a pg-boss job with the same id), run by any
 * worker, each finished exactly once (one conditional UPDATE), with progress per section and, when the
 * caller gave a callback URL, one signed webhook.
 */
@Injectable()
export class ScanJobService {
  private readonly logger = new Logger(ScanJobService.name);

  constructor(
    private readonly repository: ScanJobRepository,
    private readonly queue: JobQueue,
    private readonly analysis: TokenAnalysisService,
    private readonly webhooks: WebhookSender,
    private readonly chains: ChainRegistry,
    private readonly config: AppConfig,
  ) {}

  async submit(params: {
    keyId: string;
    surface: JobSurface;
    request: ScanJobRequest;
    callbackUrl?: string;
  }): Promise<ScanJob> {
    const callbackUrl =
      params.callbackUrl === undefined
        ? null
        : (await requestCallbackUrl(params.callbackUrl, this.config.webhooks.allowPrivate)).toString();
    const features = ANALYSED_FEATURES.filter((f) => !params.request.features || params.request.features.includes(f));
    const progress = Object.fromEntries(features.map((f) => [f, 'pending'])) as Partial<
      Record<Feature, SectionProgress>
    >;
    const job = await this.repository.create({
      id: randomUUID(),
      keyId: params.keyId,
      surface: params.surface,
      request: params.request,
      progress,
      callbackUrl,
    });
    try {
      await this.queue.send(
        QUEUES.scan,
        { jobId: job.id },
        { id: job.id, retryLimit: this.config.jobs.retryLimit, retryDelaySeconds: 1, deadLetter: QUEUES.scanGivenUp },
      );
    } catch (err) {
      await this.repository.remove(job.id).catch(() => undefined);
      throw err;
    }
    return servedJob(job, this.chains);
  }

  /**
   * A synchronous scan within SCAN_DEADLINE_MS: the whole report, or, past the deadline, what is finished
   * (the required sections always) with the rest pending and a job that answers the whole report. The
   * job joins the analysis still running here when a worker of this process takes it; elsewhere it finds
   * the report in the cache or analyses again.
   */
  async scanWithinDeadline(p: {
    keyId: string;
    surface: JobSurface;
    request: ScanJobRequest;
  }): Promise<{ served: ServedReport; job?: ScanJob }> {
    const deadline = this.config.jobs.scanDeadlineMs;
    // A process without job workers leaves the resumable rest (the holder index) to the job's worker.
    const handOff = this.config.jobs.role === 'api';
    const served = await this.analysis.scan({
      ...p.request,
      ...(deadline > 0 ? { deadlineMs: deadline, handOff } : {}),
    });
    if (!served.pending) return { served };
    const job = await this.submit({
      ...p,
      request: { ...p.request, cacheTtl: Math.max(p.request.cacheTtl, FOLLOW_UP_CACHE_TTL) },
    });
    return { served, job };
  }

  /** The key's job; JobNotFoundError when unknown, malformed or another key's. */
  async get(id: string, keyId: string): Promise<ScanJob> {
    const job = isUuid(id) ? await this.repository.findForKey(id.toLowerCase(), keyId) : null;
    if (!job) throw new JobNotFoundError();
    return servedJob(job, this.chains);
  }

  /**
   * The job's status each time it changes (read every JOB_WATCH_MS, so a job run by another process is
   * followed too), until it is finished or `stopped()` says the reader left.
   */
  async watch(job: ScanJob, emit: (job: ScanJob) => void, stopped: () => boolean): Promise<void> {
    let current: StoredScanJob | null = job;
    let last = '';
    while (current && !stopped()) {
      const seen = JSON.stringify([current.status, current.progress, current.attempts]);
      if (seen !== last) {
        last = seen;
        emit(servedJob(current, this.chains));
      }
      if (current.status === 'done' || current.status === 'failed') return;
      await new Promise<void>((resolve) => setTimeout(resolve, JOB_WATCH_MS));
      current = await this.repository.findForKey(job.id, job.keyId);
    }
  }

  async deliveries(keyId: string): Promise<{ secret: string; deliveries: WebhookDelivery[] }> {
    const [secret, deliveries] = await Promise.all([
      this.webhookSecret(keyId),
      this.repository.deliveriesOf(keyId, RECENT_DELIVERIES),
    ]);
    return { secret, deliveries };
  }

  /** A worker's run of one job; throws to have pg-boss retry it. */
  async run(jobId: string, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
    const job = await this.repository.claim(jobId);
    if (!job) return; // finished already (a retry of a job another try completed), or its row is gone
    const progress = { ...job.progress };
    let lastWrite = 0;
    let pendingWrite: NodeJS.Timeout | undefined;
    const write = () => {
      pendingWrite = undefined;
      lastWrite = Date.now();
      void this.repository
        .setProgress(job.id, progress)
        .catch((err: unknown) => this.logger.warn({ err, jobId }, 'Job progress not written'));
    };
    try {
      const served = await this.analysis.scan({
        ...job.request,
        onProgress: (section, state) => {
          progress[section] = state;
          if (pendingWrite) return;
          pendingWrite = setTimeout(write, Math.max(0, PROGRESS_WRITE_MS - (Date.now() - lastWrite)));
        },
      });
      clearTimeout(pendingWrite);
      for (const f of Object.keys(progress) as Feature[]) if (progress[f] === 'pending') progress[f] = 'done';
      if (await this.repository.complete(job.id, served, progress)) await this.afterFinish(job);
    } catch (err) {
      clearTimeout(pendingWrite);
      const failure = failureOf(err);
      const final = FINAL_KINDS.has(failure.kind) || attempt.retryCount >= attempt.retryLimit;
      if (!final) {
        this.logger.warn({ err, jobId, retry: attempt.retryCount + 1 }, 'Scan job failed; it will be retried');
        throw err;
      }
      if (failure.kind === 'internal') this.logger.error({ err, jobId }, 'Scan job failed');
      if (await this.repository.fail(job.id, failure, { refundQuota: job.request.quotaTaken === true }))
        await this.afterFinish(job);
    }
  }

  /**
   * A job whose last try never ended (its worker died or hung past JOB_TIMEOUT_SECONDS each time):
   * pg-boss gave it up and put it on the given-up queue; it fails with `unavailable`, its quota call
   * given back, its webhook sent. A job that ended in the meantime is left as it is.
   */
  async giveUp(jobId: string): Promise<void> {
    const job = await this.repository.findAny(jobId);
    if (!job) return;
    const failure: JobFailure = {
      kind: 'unavailable',
      message: `The scan could not be finished: each of its ${job.attempts || 1} tries stopped before the end; submit it again`,
    };
    if (await this.repository.fail(job.id, failure, { refundQuota: job.request.quotaTaken === true }))
      await this.afterFinish(job);
  }

  /** The key's webhook signing secret (made on first use). */
  webhookSecret(keyId: string): Promise<string> {
    return this.repository.webhookSecret(keyId, randomBytes(32).toString('hex'));
  }

  private async afterFinish(job: StoredScanJob): Promise<void> {
    if (!job.callbackUrl) return;
    await this.webhooks.enqueue({ jobId: job.id, keyId: job.keyId, url: job.callbackUrl });
  }
}

/** What a failed job says: the error as every surface's filter reads it (an unknown error's words are not shown). */
function failureOf(err: unknown): JobFailure {
  const problem = toProblem(err, { method: 'POST', path: '' });
  const message = problem.expected ? problem.message : 'The analysis failed unexpectedly';
  return {
    kind: problem.kind,
    message,
    ...(problem.details ? { details: problem.details } : {}),
    ...(problem.cCode ? { cCode: problem.cCode } : {}),
  };
}
