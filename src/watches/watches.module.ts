import { Module, type OnModuleInit } from '@nestjs/common';
import { JobPresenters } from '../jobs/job-presenters';
import { AnalysisModule } from '../analysis/analysis.module';
import { ChainModule } from '../chain/chain.module';
import { JobsModule } from '../jobs/jobs.module';
import { WatchRepository } from './watch.repository';
import { WatchService } from './watch.service';
import { Watcher } from './watcher';

/** Watches (issue 33): the surfaces' watch service, and the watcher of the worker role. */
@Module({
  imports: [AnalysisModule, ChainModule, JobsModule],
  providers: [WatchRepository, WatchService, Watcher],
  exports: [WatchService, Watcher],
})
export class WatchesModule implements OnModuleInit {
  constructor(
    private readonly presenters: JobPresenters,
    private readonly watches: WatchRepository,
  ) {}

  /** Alert webhooks load their alert here; each surface presents it (src/http/*). */
  onModuleInit(): void {
    this.presenters.registerAlertLoader((id, keyId) => this.watches.alert(keyId, id));
  }
}
