import { createClient, createConfig, type Client } from './generated/client';

export * from './generated/sdk.gen';
export type * from './generated/types.gen';
export type { Client } from './generated/client';

export interface TokenAnalysisClientOptions {
  /** Where the service runs, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** An API key (`ta_…` or `test_…`). It goes where each operation's security scheme says: `X-Service-API-Key` on surface A, `Authorization: Bearer` on B and C. */
  apiKey?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
}

/**
 * A client for all three surfaces. Pass it to any operation: `scanToken({ client, body: { contract_address } })`.
 * Operations answer `{ data, error, response }`; add `throwOnError: true` to get exceptions instead.
 */
export function createTokenAnalysisClient(options: TokenAnalysisClientOptions): Client {
  return createClient(createConfig({ baseUrl: options.baseUrl, auth: () => options.apiKey, fetch: options.fetch }));
}

/** A job's status body in any surface's envelope: A's `{ success, data: { job_id, … } }`, B's and C's `{ job_id, … }`. */
type JobAnswer = { job_id: string } | { data: { job_id: string } };

/** An analysis answer (any surface) that is a job (202: asked with `Prefer: respond-async`, `async: true` or a `callback_url`) rather than the report. */
export function isScanJob<T extends object>(answer: T): answer is Extract<T, JobAnswer> {
  return jobIdOf(answer) !== undefined;
}

/** The id of the job an answer is (the value every surface names a job by: GET …/jobs/{job_id}), or undefined. */
export function jobIdOf(answer: object): string | undefined {
  if ('job_id' in answer && typeof answer.job_id === 'string') return answer.job_id;
  const data = 'data' in answer ? answer.data : undefined;
  return typeof data === 'object' && data !== null && 'job_id' in data && typeof data.job_id === 'string'
    ? data.job_id
    : undefined;
}
