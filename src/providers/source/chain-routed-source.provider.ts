import type { Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import type { ChainKey } from '../../config/app-config';
import {
  SourceProvider,
  type ExplorerCreation,
  type SourceProviderHealth,
  type SourceVerification,
  type VerifyHints,
} from './source-provider';

/** Devnet-served chains verify against the devnet's published sources; the others ask the explorer. */
export class ChainRoutedSourceProvider extends SourceProvider {
  constructor(
    private readonly routes: {
      chains: ChainRegistry;
      devnet?: SourceProvider;
      explorer: SourceProvider;
      /** Called before each explorer request (the block_explorer bucket); may throw when saturated. */
      beforeExplorerCall?: () => Promise<void>;
    },
  ) {
    super();
  }

  async verify(chain: ChainKey, address: Address, hints?: VerifyHints): Promise<SourceVerification> {
    const adapter = this.adapterFor(chain);
    if (adapter === this.routes.explorer) await this.routes.beforeExplorerCall?.();
    return adapter.verify(chain, address, hints);
  }

  override async creation(chain: ChainKey, address: Address): Promise<ExplorerCreation | null> {
    const adapter = this.adapterFor(chain);
    if (adapter === this.routes.explorer) await this.routes.beforeExplorerCall?.();
    return adapter.creation(chain, address);
  }

  async healthCheck(): Promise<SourceProviderHealth> {
    const checks = await Promise.all(
      [this.routes.devnet, this.routes.explorer].filter(Boolean).map((p) => p!.healthCheck()),
    );
    const operational = checks.find((check) => check.status === 'operational');
    return operational ?? checks[0] ?? { status: 'not_configured', provider: 'none' };
  }

  private adapterFor(chain: ChainKey): SourceProvider {
    const served = this.routes.chains.isConfigured(chain) && this.routes.chains.get(chain).servedByDevnet;
    return served && this.routes.devnet ? this.routes.devnet : this.routes.explorer;
  }
}
