import { Module, type OnModuleInit } from '@nestjs/common';
import { AnalysisModule } from '../../analysis/analysis.module';
import { AppConfig } from '../../config/app-config';
import { HealthModule } from '../../health/health.module';
import { JobPresenters } from '../../jobs/job-presenters';
import { JobsModule } from '../../jobs/jobs.module';
import { WatchesModule } from '../../watches/watches.module';
import { ScannerAuthController, TestKeyController } from './auth.controller';
import { FeaturesController } from './features.controller';
import { ScannerHealthController } from './health.controller';
import { ScannerJobsController } from './jobs.controller';
import { PlansController } from './plans.controller';
import { presentScanJobB, scannerApiBase } from './presenters/job.presenter';
import { RateLimitsController } from './rate-limits.controller';
import { ScannerTokenController } from './token.controller';
import { UserController } from './user.controller';
import { ScannerWatchesController } from './watches.controller';
import { alertBodyB } from './presenters/watch.presenter';

/**
 * Surface B (scanner): every controller in this folder, and only these, mounted under
 * SCANNER_BASE_PATH by AppModule's router.
 */
@Module({
  imports: [AnalysisModule, HealthModule, JobsModule, WatchesModule],
  controllers: [
    ScannerHealthController,
    RateLimitsController,
    ScannerAuthController,
    TestKeyController,
    ScannerTokenController,
    ScannerJobsController,
    FeaturesController,
    PlansController,
    UserController,
    ScannerWatchesController,
  ],
})
export class SurfaceBModule implements OnModuleInit {
  constructor(
    private readonly presenters: JobPresenters,
    private readonly config: AppConfig,
  ) {}

  /** Webhooks of B's jobs carry what GET …/api/v1/jobs/{id} answers on B. */
  onModuleInit(): void {
    const base = scannerApiBase(this.config.scannerBasePath);
    this.presenters.register('B', (job) => presentScanJobB(job, base));
    this.presenters.registerAlertPresenter('B', alertBodyB);
  }
}
