import { z } from 'zod';
import type { ScanJob } from '../../../jobs/scan-job.types';
import { ErrorC } from '../../shared/openapi/error-envelopes';
import { component } from '../../shared/openapi/api-schemas';
import { jobFields, presentJob, webhooksFields } from '../../shared/presenters/job';
import { ContractAnalysisC, presentContract, presentToken, TokenAnalysisC } from './analyze.presenter';

/**
 * Surface C's analysis job, a bare object as C's other answers are: its result is what the GET asked
 * (token or contract) answers, its error C's envelope.
 */
export const ScanJobC = component('ScanJobC', jobFields(z.union([TokenAnalysisC, ContractAnalysisC]), ErrorC));
export type ScanJobC = z.output<typeof ScanJobC>;

export const WebhooksC = component('WebhooksC', webhooksFields());

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
