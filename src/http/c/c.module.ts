import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '../../platform/platform.module';
import type { PlatformOptions } from '../../platform/platform.options';
import { AiController } from './ai.controller';
import { AnalyzeController } from './analyze.controller';
import { PlatformAuthController } from './auth.controller';
import { MarketController } from './market.controller';
import { PlatformAccessGuard } from './platform-access.guard';
import { TransactionController } from './transaction.controller';
import { WalletController } from './wallet.controller';

/**
 * Surface C (platform): every controller in this folder, and only these, mounted under /v1 by
 * AppModule's router. The domain below it is PlatformModule.
 */
@Module({})
export class SurfaceCModule {
  static register(options: PlatformOptions): DynamicModule {
    return {
      module: SurfaceCModule,
      imports: [PlatformModule.withOptions(options)],
      providers: [PlatformAccessGuard],
      controllers: [PlatformAuthController, AnalyzeController, WalletController, MarketController, TransactionController, AiController],
    };
  }
}
