import { z } from 'zod';
import type { ScanJob, WebhookDelivery } from '../../../jobs/scan-job.types';
import { component } from '../../shared/openapi/api-schemas';
import { ErrorA } from '../../shared/openapi/error-envelopes';
import { jobFields, presentJob, presentWebhooks, webhooksFields } from '../../shared/presenters/job';
import { presentScanA } from './scan.presenter';
import { ScanResponseA } from './scan.schemas';

/**
 * Surface A's scan job, in A's envelope (`{success, data}`) like every other answer of A: the 202,
 * GET /api/v1/jobs/{id}, each event of its stream and its webhook. Its result is POST /api/v1/token/scan's answer.
 */
export const ScanJobA = component(
  'ScanJobA',
  z.object({ success: z.literal(true), data: jobFields(ScanResponseA, ErrorA) }),
);
export type ScanJobA = z.output<typeof ScanJobA>;

export const WebhooksA = component('WebhooksA', z.object({ success: z.literal(true), data: webhooksFields() }));
export type WebhooksA = z.output<typeof WebhooksA>;

export const A_BASE = '/api/v1';

export function presentScanJobA(job: ScanJob, now: Date, apiVersion: string): ScanJobA {
  const includeMetadata = job.request.presentation.includeMetadata === true;
  const data = presentJob(job, {
    base: A_BASE,
    result: (served) => presentScanA(served, { includeMetadata, apiVersion, now }),
  }) as ScanJobA['data'];
  return { success: true, data };
}

export function presentWebhooksA(w: { secret: string; deliveries: WebhookDelivery[] }): WebhooksA {
  return { success: true, data: presentWebhooks(w) };
}
