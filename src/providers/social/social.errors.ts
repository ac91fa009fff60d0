import { AppError } from '../../common/errors/app-error';

export { ProviderUnavailableError } from '../source/source.errors';

/**
 * An upstream data provider is rate-limiting us. Rendered as a 429 naming the provider (surface B's
 * `{error:"rate_limited",provider,reason,retry_after}`); the message never carries a URL or key.
 */
export class ProviderRateLimitedError extends AppError {
  constructor(
    readonly providerName: string,
    retryAfter: number,
  ) {
    super('rate_limited', `${providerName} is rate-limiting us: retry in ${retryAfter} s`, {
      provider: providerName,
      retryAfter,
    });
  }
}
