import { Injectable } from '@nestjs/common';
import type { Prisma } from '../prisma/generated/client';
import { PrismaService } from '../prisma/prisma.service';
import type {
  DeliveryStatus,
  JobFailure,
  JobSurface,
  ScanJobRequest,
  SectionProgress,
  StoredScanJob,
  WebhookDelivery,
} from './scan-job.types';
import type { Feature, ServedReport } from '../analysis/report/token-report';

type JobRow = Prisma.ScanJobGetPayload<object>;

/** The only door to scan_jobs, webhook_deliveries and a key's webhook secret. */
@Injectable()
export class ScanJobRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(job: {
    id: string;
    keyId: string;
    surface: JobSurface;
    request: ScanJobRequest;
    progress: Partial<Record<Feature, SectionProgress>>;
    callbackUrl: string | null;
  }): Promise<StoredScanJob> {
    const row = await this.prisma.scanJob.create({
      data: {
        id: job.id,
        keyId: job.keyId,
        surface: job.surface,
        chain: job.request.chain,
        address: job.request.address.toLowerCase(),
        request: job.request as unknown as Prisma.InputJsonValue,
        status: 'queued',
        progress: job.progress as Prisma.InputJsonValue,
        callbackUrl: job.callbackUrl,
      },
    });
    return toJob(row);
  }

  async remove(id: string): Promise<void> {
    await this.prisma.scanJob.deleteMany({ where: { id } });
  }

  /** A key's job; null when it does not exist or belongs to another key. */
  async findForKey(id: string, keyId: string): Promise<StoredScanJob | null> {
    const row = await this.prisma.scanJob.findFirst({ where: { id, keyId } });
    return row ? toJob(row) : null;
  }

  /** A job by id, whoever's (for the workers). */
  async findAny(id: string): Promise<StoredScanJob | null> {
    const row = await this.prisma.scanJob.findUnique({ where: { id } });
    return row ? toJob(row) : null;
  }

  /** Takes a queued (or, after a retry, running) job for a worker: one statement, so a finished job is never run again. */
  async claim(id: string): Promise<StoredScanJob | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      UPDATE scan_jobs SET status = 'running', attempts = attempts + 1, started_at = COALESCE(started_at, now())
      WHERE id = ${id}::uuid AND status IN ('queued', 'running') RETURNING id`;
    if (rows.length === 0) return null;
    const row = await this.prisma.scanJob.findUnique({ where: { id } });
    return row ? toJob(row) : null;
  }

  async setProgress(id: string, progress: Partial<Record<Feature, SectionProgress>>): Promise<void> {
    await this.prisma.scanJob.updateMany({
      where: { id, status: 'running' },
      data: { progress: progress as Prisma.InputJsonValue },
    });
  }

  /** The one transition to done; false when the job was already finished (a retry that raced it). */
  async complete(
    id: string,
    result: ServedReport,
    progress: Partial<Record<Feature, SectionProgress>>,
  ): Promise<boolean> {
    const { count } = await this.prisma.scanJob.updateMany({
      where: { id, status: 'running' },
      data: {
        status: 'done',
        result: result as unknown as Prisma.InputJsonValue,
        progress: progress as Prisma.InputJsonValue,
        finishedAt: new Date(),
      },
    });
    return count === 1;
  }

  /**
   * The one transition to failed; false when the job was already finished. With `refundQuota`, the
   * quota call its submission took is given back in the same statement (only calls that produced a
   * result are counted), so a reader who sees the job failed sees the call back too.
   */
  async fail(id: string, error: JobFailure, options: { refundQuota: boolean }): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<{ key_id: string }[]>`
      WITH failed AS (
        UPDATE scan_jobs SET status = 'failed', error = ${JSON.stringify(error)}::jsonb, finished_at = now()
        WHERE id = ${id}::uuid AND status IN ('queued', 'running') RETURNING key_id
      ), refunded AS (
        UPDATE api_keys SET quota_remaining = LEAST(quota_remaining + 1, quota_limit)
        FROM failed WHERE api_keys.id = failed.key_id AND ${options.refundQuota} AND quota_limit IS NOT NULL
        RETURNING api_keys.id
      )
      SELECT key_id::text FROM failed`;
    return rows.length === 1;
  }

  /** The job's delivery, made once (a unique job id): false when it already existed. */
  async createDelivery(d: { jobId: string; keyId: string; url: string }): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO webhook_deliveries (id, job_id, key_id, url, status) VALUES (gen_random_uuid(), ${d.jobId}::uuid, ${d.keyId}::uuid, ${d.url}, 'pending')
      ON CONFLICT (job_id) DO NOTHING RETURNING id`;
    return rows[0]?.id ?? null;
  }

  async findDelivery(id: string): Promise<(WebhookDelivery & { keyId: string }) | null> {
    const row = await this.prisma.webhookDelivery.findUnique({ where: { id } });
    return row ? { ...toDelivery(row), keyId: row.keyId } : null;
  }

  async recordAttempt(
    id: string,
    outcome: { status: DeliveryStatus; httpStatus: number | null; error: string | null },
  ): Promise<void> {
    await this.prisma.webhookDelivery.update({
      where: { id },
      data: {
        status: outcome.status,
        attempts: { increment: 1 },
        lastStatus: outcome.httpStatus,
        lastError: outcome.error?.slice(0, 300) ?? null,
        ...(outcome.status === 'delivered' ? { deliveredAt: new Date() } : {}),
      },
    });
  }

  async deliveriesOf(keyId: string, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { keyId },
      orderBy: { createdAt: 'desc' },
      take: limit,
    });
    return rows.map(toDelivery);
  }

  /** The key's webhook signing secret, made by the first caller (one statement: concurrent callers agree). */
  async webhookSecret(keyId: string, candidate: string): Promise<string> {
    // Read first: the key's row is the one every quota call updates, so it is written only once here.
    const found = await this.prisma.apiKey.findUnique({ where: { id: keyId }, select: { webhookSecret: true } });
    if (found?.webhookSecret) return found.webhookSecret;
    const rows = await this.prisma.$queryRaw<{ webhook_secret: string }[]>`
      UPDATE api_keys SET webhook_secret = COALESCE(webhook_secret, ${candidate}) WHERE id = ${keyId}::uuid RETURNING webhook_secret`;
    if (!rows[0]) throw new Error(`api key ${keyId} not found`);
    return rows[0].webhook_secret;
  }
}

function toJob(row: JobRow): StoredScanJob {
  return {
    id: row.id,
    keyId: row.keyId,
    surface: row.surface as StoredScanJob['surface'],
    request: row.request as unknown as ScanJobRequest,
    status: row.status as StoredScanJob['status'],
    progress: row.progress as StoredScanJob['progress'],
    result: (row.result as unknown as ServedReport | null) ?? null,
    error: (row.error as unknown as JobFailure | null) ?? null,
    callbackUrl: row.callbackUrl,
    attempts: row.attempts,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

function toDelivery(row: Prisma.WebhookDeliveryGetPayload<object>): WebhookDelivery {
  return {
    id: row.id,
    jobId: row.jobId,
    alertId: row.alertId?.toString() ?? null,
    url: row.url,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
  };
}
