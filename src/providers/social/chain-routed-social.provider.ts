import type { ChainRegistry } from '../../chain/chain-registry';
import { SocialProvider } from './social-provider';
import type { SocialData, SocialProviderHealth, SocialQuery } from './social.types';
import type { XSocialProvider } from './x-social.provider';

/**
 * Devnet-served chains read the devnet world's posts (X knows nothing of local tokens); other
 * chains ask X when a bearer token or the caller's key is at hand, and have no social data otherwise.
 */
export class ChainRoutedSocialProvider extends SocialProvider {
  constructor(private readonly routes: { chains: ChainRegistry; devnet?: SocialProvider; x: XSocialProvider }) {
    super();
  }

  async posts(query: SocialQuery): Promise<SocialData | null> {
    if (this.servedByDevnet(query)) return this.routes.devnet ? this.routes.devnet.posts(query) : null;
    if (query.chain === 'devnet' || !this.routes.x.canServe(query.apiKey)) return null;
    return this.routes.x.posts(query);
  }

  async healthCheck(): Promise<SocialProviderHealth> {
    const checks = await Promise.all(
      [this.routes.devnet, this.routes.x].filter((p): p is SocialProvider => Boolean(p)).map((p) => p.healthCheck()),
    );
    return (
      checks.find((check) => check.status === 'operational') ??
      checks[0] ?? { status: 'not_configured', provider: 'none' }
    );
  }

  private servedByDevnet(query: SocialQuery): boolean {
    return this.routes.chains.isConfigured(query.chain) && this.routes.chains.get(query.chain).servedByDevnet;
  }
}
