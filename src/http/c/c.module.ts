import { DynamicModule, Module, type OnModuleInit } from '@nestjs/common';
import { JobPresenters } from '../../jobs/job-presenters';
import { JobsModule } from '../../jobs/jobs.module';
import { PlatformModule } from '../../platform/platform.module';
import type { PlatformOptions } from '../../platform/platform.options';
import { WatchesModule } from '../../watches/watches.module';
import { alertFields } from '../shared/presenters/watch';
import { AiController } from './ai.controller';
import { AnalyzeController } from './analyze.controller';
import { PlatformAuthController } from './auth.controller';
import { PlatformJobsController } from './jobs.controller';
import { MarketController } from './market.controller';
import { PlatformAccessGuard } from './platform-access.guard';
import { presentScanJobC } from './presenters/job.presenter';
import { TransactionController } from './transaction.controller';
import { WalletController } from './wallet.controller';
import { PlatformWatchesController } from './watches.controller';

/**
 * Surface C (platform): every controller in this folder, and only these, mounted under /v1 by
 * AppModule's router. The domain below it is PlatformModule.
 */
@Module({})
export class SurfaceCModule implements OnModuleInit {
  constructor(private readonly presenters: JobPresenters) {}

  /** Webhooks of C's jobs carry what GET /v1/jobs/{id} answers; of C's watches, the alert's fields. */
  onModuleInit(): void {
    this.presenters.register('C', presentScanJobC);
    this.presenters.registerAlertPresenter('C', alertFields);
  }

  static register(options: PlatformOptions): DynamicModule {
    return {
      module: SurfaceCModule,
      imports: [PlatformModule.withOptions(options), JobsModule, WatchesModule],
      providers: [PlatformAccessGuard],
      controllers: [
        PlatformAuthController,
        AnalyzeController,
        PlatformJobsController,
        WalletController,
        MarketController,
        TransactionController,
        AiController,
        PlatformWatchesController,
      ],
    };
  }
}
