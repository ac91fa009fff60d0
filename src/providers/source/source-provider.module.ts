import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { ChainModule } from '../../chain/chain.module';
import { ChainRegistry } from '../../chain/chain-registry';
import { AppConfig } from '../../config/app-config';
import { UpstreamGate } from '../../common/upstream-gate';
import { ChainRoutedSourceProvider } from './chain-routed-source.provider';
import { DevnetSourceProvider } from './devnet-source.provider';
import { EtherscanSourceProvider } from './etherscan-source.provider';
import { SourceProvider } from './source-provider';

/** Explorer settings; by default from AppConfig (EXPLORER_API_KEY, EXPLORER_BASE_URL), these override them. */
export interface SourceProviderOptions {
  explorerBaseUrl?: string;
  explorerApiKey?: string;
  explorerTimeoutMs?: number;
}

export const SOURCE_PROVIDER_OPTIONS = Symbol('SOURCE_PROVIDER_OPTIONS');

const ETHERSCAN_V2 = 'https://api.etherscan.io/v2/api';

@Module({
  imports: [ChainModule],
  providers: [
    {
      provide: SourceProvider,
      inject: [
        ChainRegistry,
        AppConfig,
        { token: UpstreamGate, optional: true },
        { token: SOURCE_PROVIDER_OPTIONS, optional: true },
      ],
      useFactory: (
        chains: ChainRegistry,
        config: AppConfig,
        upstreams?: UpstreamGate,
        options?: SourceProviderOptions,
      ) =>
        new ChainRoutedSourceProvider({
          chains,
          beforeExplorerCall: upstreams ? () => upstreams.take('block_explorer') : undefined,
          devnet: config.devnetRpcUrl
            ? new DevnetSourceProvider({ chains, cacheDir: join(config.dataDir, 'contracts-cache') })
            : undefined,
          explorer: new EtherscanSourceProvider({
            baseUrl: options?.explorerBaseUrl ?? config.explorer?.baseUrl ?? ETHERSCAN_V2,
            apiKey: options?.explorerApiKey ?? config.explorer?.apiKey,
            timeoutMs: options?.explorerTimeoutMs,
          }),
        }),
    },
  ],
  exports: [SourceProvider],
})
export class SourceProviderModule {}
