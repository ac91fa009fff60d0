import { AppError } from '../common/errors/app-error';

/** One of our own limits refused the call (surface B names the provider `api`). */
export class RateLimitedError extends AppError {
  constructor(reason: string, retryAfter: number, headers: Record<string, string> = {}) {
    super('rate_limited', reason, { retryAfter, provider: 'api', headers });
  }
}
