import { AppError } from '../../common/errors/app-error';

/**
 * An upstream data provider failed (timeout, HTTP error, rate limit, malformed answer). The message
 * names the provider and the kind of failure only: never a URL or key.
 */
export class ProviderUnavailableError extends AppError {
  constructor(
    readonly providerName: string,
    reason: string,
    options: { retryAfter?: number } = {},
  ) {
    super('unavailable', `${providerName} is unavailable: ${reason}`, {
      provider: providerName,
      retryAfter: options.retryAfter ?? 5,
    });
  }
}
