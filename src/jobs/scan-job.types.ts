import type { Feature, ServedReport } from '../analysis/report/token-report';
import type { ChainRegistry } from '../chain/chain-registry';
import type { SectionState } from '../analysis/token-analysis.service';
import type { ChainKey } from '../config/app-config';
import type { ErrorKind } from '../common/errors/app-error';

export type JobSurface = 'A' | 'B' | 'C';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export type SectionProgress = SectionState | 'pending';

/** A scan as the worker runs it: the service's scan request, minus what lives only in a request. */
export interface ScanJobRequest {
  chain: ChainKey;
  address: string;
  features?: Feature[];
  cacheTtl: number;
  required?: Feature[];
  resolvePairs: boolean;
  /** How the surface presents the result (e.g. A's include_metadata). */
  presentation: Record<string, unknown>;
  /** The submission took a quota call (a 202 on a quota route): a job that fails gives it back, as a failed synchronous call does. */
  quotaTaken?: boolean;
}

export interface JobFailure {
  kind: ErrorKind;
  message: string;
  details?: Record<string, unknown>;
  cCode?: string;
}

export interface ScanJob {
  id: string;
  keyId: string;
  surface: JobSurface;
  request: ScanJobRequest;
  /** The id of the job's chain as this service serves it (31337 for `eth` on the embedded devnet). */
  chainId: number;
  status: JobStatus;
  progress: Partial<Record<Feature, SectionProgress>>;
  result: ServedReport | null;
  error: JobFailure | null;
  callbackUrl: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A job as its row holds it: the chain's id is not stored, it is the chain's as served. */
export type StoredScanJob = Omit<ScanJob, 'chainId'>;

/** A stored job with its chain's id as served, the one every answer about the job names. */
export function servedJob(job: StoredScanJob, chains: Pick<ChainRegistry, 'identity'>): ScanJob {
  return { ...job, chainId: chains.identity(job.request.chain).chainId };
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** A webhook delivery: of a finished job (`jobId`) or of a watch's alert (`alertId`), never both. */
export interface WebhookDelivery {
  id: string;
  jobId: string | null;
  /** The alert's id (decimal text). */
  alertId: string | null;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}
