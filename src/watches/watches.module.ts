import { Module } from '@nestjs/common';
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
export class WatchesModule {}
