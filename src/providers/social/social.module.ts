import { Module, type DynamicModule } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { ChainRegistry } from '../../chain/chain-registry';
import { AppConfig } from '../../config/app-config';
import { ChainRoutedSocialProvider } from './chain-routed-social.provider';
import { DevnetSocialProvider } from './devnet-social.provider';
import { SocialProvider } from './social-provider';
import { XSocialProvider } from './x-social.provider';

/** X settings; by default from AppConfig (X_BEARER_TOKEN, X_API_BASE_URL), register() overrides them. */
export interface SocialModuleOptions {
  xBearerToken?: string;
  xApiBaseUrl?: string;
  xTimeoutMs?: number;
}

export const SOCIAL_MODULE_OPTIONS = Symbol('SOCIAL_MODULE_OPTIONS');
const X_API = 'https://api.x.com';

@Module({
  imports: [ChainModule],
  providers: [
    {
      provide: SocialProvider,
      inject: [ChainRegistry, AppConfig, { token: SOCIAL_MODULE_OPTIONS, optional: true }],
      useFactory: (chains: ChainRegistry, config: AppConfig, options?: SocialModuleOptions) =>
        new ChainRoutedSocialProvider({
          chains,
          devnet: config.devnetRpcUrl ? new DevnetSocialProvider() : undefined,
          x: new XSocialProvider({
            baseUrl: options?.xApiBaseUrl || config.x?.apiBaseUrl || X_API,
            bearerToken: options?.xBearerToken || config.x?.bearerToken,
            timeoutMs: options?.xTimeoutMs,
          }),
        }),
    },
  ],
  exports: [SocialProvider],
})
export class SocialModule {
  /** Imports the module with X settings; importing SocialModule bare serves the devnet only. */
  static register(options: SocialModuleOptions = {}): DynamicModule {
    return { module: SocialModule, providers: [{ provide: SOCIAL_MODULE_OPTIONS, useValue: options }] };
  }
}
