import { z } from 'zod';
import type { ScanJob, WebhookDelivery } from '../../../jobs/scan-job.types';
import { component } from '../../shared/openapi/api-schemas';
import { ErrorB } from '../../shared/openapi/error-envelopes';
import { jobFields, presentJob, presentWebhooks, webhooksFields } from '../../shared/presenters/job';
import { isTokenEndpointB, TOKEN_ENDPOINTS_B } from '../token-endpoints';
import { success } from './fields';
import {
  AnalyzeResponseB,
  SecurityAnalysisResponseB,
  SecurityOnlyResponseB,
  ServiceScoresResponseB,
} from './token.presenter';

/**
 * Surface B's scan job, with B's flat `success: true` like B's other answers: its result is the answer
 * of the endpoint that was asked (analyze, security-analysis, service-scores or security-only), its
 * error B's envelope.
 */
export const ScanJobB = component(
  'ScanJobB',
  z.object({
    success,
    ...jobFields(
      z.union([AnalyzeResponseB, SecurityAnalysisResponseB, ServiceScoresResponseB, SecurityOnlyResponseB]),
      ErrorB,
    ).shape,
  }),
);
export type ScanJobB = z.output<typeof ScanJobB>;

export const WebhooksB = component('WebhooksB', z.object({ success, ...webhooksFields().shape }));
export type WebhooksB = z.output<typeof WebhooksB>;

/** B's API root under its base path (SCANNER_BASE_PATH), e.g. `/scanner/api/v1`. */
export function scannerApiBase(scannerBasePath: string): string {
  return `${scannerBasePath.replace(/\/+$/, '')}/api/v1`;
}

export function presentScanJobB(job: ScanJob, base: string): ScanJobB {
  const endpoint = job.request.presentation.endpoint;
  if (!isTokenEndpointB(endpoint)) throw new Error(`job ${job.id} names no B endpoint (${String(endpoint)})`);
  const fields = presentJob(job, { base, result: (served) => TOKEN_ENDPOINTS_B[endpoint].present(served.report) });
  return { success: true, ...fields } as ScanJobB;
}

export function presentWebhooksB(w: { secret: string; deliveries: WebhookDelivery[] }): WebhooksB {
  return { success: true, ...presentWebhooks(w) };
}
