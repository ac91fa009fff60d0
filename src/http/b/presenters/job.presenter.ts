import { z } from 'zod';
import type { ScanJob } from '../../../jobs/scan-job.types';
import { ErrorB } from '../../shared/openapi/error-envelopes';
import { jobComponent, presentJob, webhooksComponent } from '../../shared/presenters/job';
import { isTokenEndpointB, TOKEN_ENDPOINTS_B } from '../token-endpoints';
import {
  AnalyzeResponseB,
  SecurityAnalysisResponseB,
  SecurityOnlyResponseB,
  ServiceScoresResponseB,
} from './token.presenter';

/**
 * Surface B's scan job: its result is the answer of the endpoint that was asked (analyze,
 * security-analysis, service-scores or security-only), its error B's envelope.
 */
export const ScanJobB = jobComponent(
  'ScanJobB',
  z.union([AnalyzeResponseB, SecurityAnalysisResponseB, ServiceScoresResponseB, SecurityOnlyResponseB]),
  ErrorB,
);
export type ScanJobB = z.output<typeof ScanJobB>;

export const WebhooksB = webhooksComponent('WebhooksB');

/** B's API root under its base path (SCANNER_BASE_PATH), e.g. `/scanner/api/v1`. */
export function scannerApiBase(scannerBasePath: string): string {
  return `${scannerBasePath.replace(/\/+$/, '')}/api/v1`;
}

export function presentScanJobB(job: ScanJob, base: string): ScanJobB {
  const endpoint = job.request.presentation.endpoint;
  if (!isTokenEndpointB(endpoint)) throw new Error(`job ${job.id} names no B endpoint (${String(endpoint)})`);
  return presentJob(job, { base, result: (served) => TOKEN_ENDPOINTS_B[endpoint].present(served.report) }) as ScanJobB;
}
