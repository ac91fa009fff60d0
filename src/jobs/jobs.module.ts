import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis/analysis.module';
import { ChainModule } from '../chain/chain.module';
import { LineageDatabaseCleaner } from '../prisma/lineage-databases';
import { Housekeeping } from './housekeeping';
import { JobPresenters } from './job-presenters';
import { JobQueue } from './job-queue';
import { JobWorkers } from './job-workers';
import { ScanJobRepository } from './scan-job.repository';
import { ScanJobService } from './scan-jobs.service';
import { WebhookSender } from './webhook.sender';

/** Scan jobs on pg-boss: submission and status for the surfaces, workers and webhooks for the worker role. */
@Module({
  imports: [AnalysisModule, ChainModule],
  providers: [
    JobQueue,
    ScanJobRepository,
    ScanJobService,
    WebhookSender,
    JobPresenters,
    JobWorkers,
    Housekeeping,
    LineageDatabaseCleaner,
  ],
  exports: [ScanJobService, JobPresenters, JobQueue, WebhookSender],
})
export class JobsModule {}
