import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { ChainModule } from '../../chain/chain.module';
import { ChainRegistry } from '../../chain/chain-registry';
import { AppConfig } from '../../config/app-config';
import { ChainRoutedSourceProvider } from './chain-routed-source.provider';
import { DevnetSourceProvider } from './devnet-source.provider';
import { EtherscanSourceProvider } from './etherscan-source.provider';
import { SourceProvider } from './source-provider';

/** Explorer settings; AppConfig has none yet, so until it does they are bound here (optional). */
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
      inject: [ChainRegistry, AppConfig, { token: SOURCE_PROVIDER_OPTIONS, optional: true }],
      useFactory: (chains: ChainRegistry, config: AppConfig, options?: SourceProviderOptions) =>
        new ChainRoutedSourceProvider({
          chains,
          devnet: config.devnetRpcUrl ? new DevnetSourceProvider({ chains, cacheDir: join(config.dataDir, 'contracts-cache') }) : undefined,
          explorer: new EtherscanSourceProvider({
            baseUrl: options?.explorerBaseUrl ?? ETHERSCAN_V2,
            apiKey: options?.explorerApiKey,
            timeoutMs: options?.explorerTimeoutMs,
          }),
        }),
    },
  ],
  exports: [SourceProvider],
})
export class SourceProviderModule {}
