import { z } from 'zod';
import type { ScanJob } from '../../../jobs/scan-job.types';
import { ErrorC } from '../../shared/openapi/error-envelopes';
import { jobComponent, presentJob, webhooksComponent } from '../../shared/presenters/job';
import { ContractAnalysisC, presentContract, presentToken, TokenAnalysisC } from './analyze.presenter';

/** Surface C's analysis job: its result is what the GET asked (token or contract) answers, its error C's envelope. */
export const ScanJobC = jobComponent('ScanJobC', z.union([TokenAnalysisC, ContractAnalysisC]), ErrorC);
export type ScanJobC = z.output<typeof ScanJobC>;

export const WebhooksC = webhooksComponent('WebhooksC');

export const C_BASE = '/v1';

/** Which route a C job answers for, kept in the job (a worker presents it later). */
export type AnalyzeEndpointC = 'token' | 'contract';

export function presentScanJobC(job: ScanJob): ScanJobC {
  const { endpoint, resolvedFrom } = job.request.presentation;
  if (endpoint !== 'token' && endpoint !== 'contract')
    throw new Error(`job ${job.id} names no C endpoint (${String(endpoint)})`);
  const symbol = typeof resolvedFrom === 'string' ? resolvedFrom : null;
  return presentJob(job, {
    base: C_BASE,
    result: (served) => (endpoint === 'token' ? presentToken(served, symbol) : presentContract(served)),
  }) as ScanJobC;
}
