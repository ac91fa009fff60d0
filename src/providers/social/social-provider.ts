import type { SocialData, SocialProviderHealth, SocialQuery } from './social.types';

/**
 * Port: what people post about a token and the links its project publishes. The abstract class is
 * the DI token; adapters are bound by SocialModule. Vendor failures surface as
 * ProviderUnavailableError (or ProviderRateLimitedError); vendor shapes never leave an adapter.
 */
export abstract class SocialProvider {
  /** null: this source has no data for the token (or no credentials to ask). */
  abstract posts(query: SocialQuery): Promise<SocialData | null>;
  abstract healthCheck(): Promise<SocialProviderHealth>;
}
