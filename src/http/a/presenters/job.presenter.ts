import type { ScanJob } from '../../../jobs/scan-job.types';
import { ErrorA } from '../../shared/openapi/error-envelopes';
import { jobComponent, presentJob, webhooksComponent } from '../../shared/presenters/job';
import { presentScanA } from './scan.presenter';
import { ScanResponseA } from './scan.schemas';
import type { z } from 'zod';

/** Surface A's scan job: its result is POST /api/v1/token/scan's answer. */
export const ScanJobA = jobComponent('ScanJobA', ScanResponseA, ErrorA);
export type ScanJobA = z.output<typeof ScanJobA>;

export const WebhooksA = webhooksComponent('WebhooksA');

export const A_BASE = '/api/v1';

export function presentScanJobA(job: ScanJob, now: Date, apiVersion: string): ScanJobA {
  const includeMetadata = job.request.presentation.includeMetadata === true;
  return presentJob(job, {
    base: A_BASE,
    result: (served) => presentScanA(served, { includeMetadata, apiVersion, now }),
  }) as ScanJobA;
}
