import type { JobFailure, ScanJob } from '../../src/jobs/scan-job.types';

export const SCAN_JOB_ID = '0b6f5f0e-3c1a-4f7e-9a57-2f1d1b1c9e42';

/** A queued scan job of surface A on `eth` as the devnet serves it (override surface, request.presentation, status…). */
export function scanJob(overrides: Partial<ScanJob> = {}): ScanJob {
  return {
    id: SCAN_JOB_ID,
    keyId: 'key-1',
    surface: 'A',
    request: {
      chain: 'eth',
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      cacheTtl: 0,
      resolvePairs: true,
      presentation: {},
    },
    chainId: 31337,
    status: 'queued',
    progress: { security: 'pending' },
    result: null,
    error: null,
    callbackUrl: null,
    attempts: 0,
    createdAt: new Date('2026-11-28T12:00:00.000Z'),
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

/** A job that failed as a scan of a non-token does. */
export function failedScanJob(overrides: Partial<ScanJob> = {}): ScanJob {
  const error: JobFailure = { kind: 'not_found', message: 'Token not found or not supported' };
  return scanJob({ status: 'failed', error, ...overrides });
}
