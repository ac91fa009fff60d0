import { z } from 'zod';
import { FEATURES, type Feature } from '../../../analysis/report/token-report';
import { ERROR_KINDS } from '../../../common/errors/error-kinds';
import type { ServedReport } from '../../../analysis/report/token-report';
import type { ScanJob, WebhookDelivery } from '../../../jobs/scan-job.types';
import { envelopeOf } from '../filters/surface-error.filters';
import { chainIdField } from '../openapi/api-schemas';

const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
const SECTION_STATES = ['pending', 'done', 'failed'] as const;
const EXAMPLE_JOB = '0b6f5f0e-3c1a-4f7e-9a57-2f1d1b1c9e42';

/**
 * A scan job's status fields, the same on every surface but for `result` (what the synchronous call
 * would have answered) and `error` (the error it would have answered, in the surface's envelope). Each
 * surface puts them in its own envelope: A's `{success, data}`, B's flat `success`, C's bare object.
 *
 * A job is named by its `job_id` on every surface (the 202, its status, its events, its webhook, a
 * scan's `pending`, the webhook deliveries); `status_url` and `events_url` are links built from it.
 */
export function jobFields<R extends z.ZodType, E extends z.ZodType>(result: R, error: E) {
  return z.object({
    job_id: z.uuid().meta({
      example: EXAMPLE_JOB,
      description: "The job's id, the value that names it on every surface: GET …/jobs/{job_id}",
    }),
    status: z.enum(JOB_STATUSES).meta({ description: 'queued → running → done | failed' }),
    chain: z.string().meta({ example: 'eth' }),
    chain_id: chainIdField,
    contract_address: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .meta({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3', description: 'As submitted' }),
    progress: z.partialRecord(z.enum(FEATURES), z.enum(SECTION_STATES)).meta({
      description: 'Each requested section: pending, done, or failed (served as incomplete)',
      example: { security: 'done', market: 'pending' },
    }),
    attempts: z.number().int().min(0).meta({ description: 'Times a worker started it (above 1 after a retry)' }),
    created_at: z.iso.datetime({ offset: true }),
    started_at: z.iso.datetime({ offset: true }).nullable(),
    finished_at: z.iso.datetime({ offset: true }).nullable(),
    status_url: z.string().meta({
      example: `/api/v1/jobs/${EXAMPLE_JOB}`,
      description: 'Link: the path (on this host) of GET …/jobs/{job_id}',
    }),
    events_url: z.string().meta({
      example: `/api/v1/jobs/${EXAMPLE_JOB}/events`,
      description: 'A text/event-stream of this body as it changes',
    }),
    callback_url: z.string().nullable().meta({ description: 'Where the finished job is POSTed (signed), when asked' }),
    result: result.optional().meta({ description: 'Once done: the answer the synchronous call gives (absent before)' }),
    error: error
      .optional()
      .meta({ description: 'Once failed: the error the synchronous call gives, in its envelope (absent otherwise)' }),
  });
}

export interface JobPresentation<R> {
  /** The surface's API root, e.g. `/api/v1`. */
  base: string;
  result: (served: ServedReport, job: ScanJob) => R;
}

export function presentJob<R>(job: ScanJob, p: JobPresentation<R>) {
  const failure = job.error;
  return {
    job_id: job.id,
    status: job.status,
    chain: job.request.chain,
    chain_id: job.chainId,
    contract_address: job.request.address,
    progress: job.progress,
    attempts: job.attempts,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    status_url: `${p.base}/jobs/${job.id}`,
    events_url: `${p.base}/jobs/${job.id}/events`,
    callback_url: job.callbackUrl,
    ...(job.status === 'done' && job.result ? { result: p.result(job.result, job) } : {}),
    ...(failure
      ? {
          error: envelopeOf(job.surface, {
            kind: failure.kind,
            status: ERROR_KINDS[failure.kind].status,
            message: failure.message,
            details: failure.details,
            cCode: failure.cCode,
            expected: true,
          }),
        }
      : {}),
  };
}

/** A key's webhook secret and recent deliveries, put in each surface's envelope like the job. */
export function webhooksFields() {
  return z.object({
    signing_secret: z.string().meta({
      description:
        "HMAC-SHA256 key of this API key's webhooks: the X-Webhook-Signature header is `sha256=` and the hex HMAC of the raw body",
      example: 'f3a1…',
    }),
    signature_header: z.literal('X-Webhook-Signature'),
    deliveries: z.array(
      z.object({
        delivery_id: z.uuid(),
        job_id: z.uuid().nullable().meta({ description: "The finished job it carried; null for a watch's alert" }),
        alert_id: z
          .string()
          .nullable()
          .meta({ description: 'The watch alert it carried (surface A: GET /api/v1/watches/alerts); null for a job' }),
        url: z.string(),
        status: z
          .enum(['pending', 'delivered', 'failed'])
          .meta({ description: 'pending: being tried (with back-off); failed: every try refused' }),
        attempts: z.number().int().min(0),
        last_status: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'The HTTP status of the last try; null when it got no answer' }),
        last_error: z.string().nullable(),
        created_at: z.iso.datetime({ offset: true }),
        delivered_at: z.iso.datetime({ offset: true }).nullable(),
      }),
    ),
  });
}

export function presentWebhooks(w: { secret: string; deliveries: WebhookDelivery[] }) {
  return {
    signing_secret: w.secret,
    signature_header: 'X-Webhook-Signature' as const,
    deliveries: w.deliveries.map((d) => ({
      delivery_id: d.id,
      job_id: d.jobId,
      alert_id: d.alertId,
      url: d.url,
      status: d.status,
      attempts: d.attempts,
      last_status: d.lastStatus,
      last_error: d.lastError,
      created_at: d.createdAt.toISOString(),
      delivered_at: d.deliveredAt?.toISOString() ?? null,
    })),
  };
}

/** Sections a synchronous scan left pending at its deadline, and the job finishing them. */
export function pendingField(base: string) {
  return z
    .object({
      sections: z.array(z.enum(FEATURES)).meta({ example: ['holder_analysis', 'sniper_analysis'] }),
      job_id: z.uuid(),
      status_url: z.string().meta({ example: `${base}/jobs/${EXAMPLE_JOB}` }),
      events_url: z.string().meta({ example: `${base}/jobs/${EXAMPLE_JOB}/events` }),
    })
    .optional()
    .meta({
      description:
        'Sections not finished within the scan deadline (SCAN_DEADLINE_MS, 2.5 s by default): left out of this answer and analysed on; the job answers the whole one, and a later call gets it from the cache. Scores are from the sections shown. Absent when every section is there',
    });
}

export function presentPending(pending: readonly Feature[] | undefined, job: { id: string } | undefined, base: string) {
  return pending && job
    ? {
        pending: {
          sections: [...pending],
          job_id: job.id,
          status_url: `${base}/jobs/${job.id}`,
          events_url: `${base}/jobs/${job.id}/events`,
        },
      }
    : {};
}
