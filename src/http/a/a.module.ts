import { Module, type OnModuleInit } from '@nestjs/common';
import { AiModule } from '../../analysis/ai/ai.module';
import { AnalysisModule } from '../../analysis/analysis.module';
import { HealthModule } from '../../health/health.module';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { JobPresenters } from '../../jobs/job-presenters';
import { JobsModule } from '../../jobs/jobs.module';
import { WatchesModule } from '../../watches/watches.module';
import { alertBodyA } from './presenters/watch.presenter';
import { JobsController } from './jobs.controller';
import { presentScanJobA } from './presenters/job.presenter';
import { AiController } from './ai.controller';
import { AuthController } from './auth.controller';
import { HealthController } from './health.controller';
import { TokenController } from './token.controller';
import { WatchesController } from './watches.controller';

/**
 * Surface A (primary): every controller in this folder, and only these, mounted at the root by
 * AppModule's router. Its auth header, envelope and limits follow from the paths it serves.
 */
@Module({
  imports: [AnalysisModule, AiModule, HealthModule, JobsModule, WatchesModule],
  controllers: [HealthController, AuthController, TokenController, AiController, JobsController, WatchesController],
})
export class SurfaceAModule implements OnModuleInit {
  constructor(
    private readonly presenters: JobPresenters,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Webhooks of A's jobs carry what GET /api/v1/jobs/{id} answers; an alert's, what its stream's event carries. */
  onModuleInit(): void {
    this.presenters.register('A', (job) => presentScanJobA(job, this.clock.now(), this.config.version));
    this.presenters.registerAlertPresenter('A', alertBodyA);
  }
}
