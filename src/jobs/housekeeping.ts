import { Injectable, Logger } from '@nestjs/common';
import { CallHistoryRetentionService } from '../accounts/call-log/call-history-retention.service';
import { ReportCache } from '../analysis/report/report-cache';
import { AppConfig } from '../config/app-config';
import { LineageDatabaseCleaner } from '../prisma/lineage-databases';
import { QUEUES } from './job-queue';

type HousekeepingQueue = typeof QUEUES.callHistory | typeof QUEUES.caches | typeof QUEUES.lineageDatabases;

/** When each housekeeping job runs (cron, UTC). */
export const HOUSEKEEPING_SCHEDULES: ReadonlyArray<{ queue: HousekeepingQueue; cron: string }> = [
  { queue: QUEUES.callHistory, cron: '7 * * * *' },
  { queue: QUEUES.caches, cron: '17 * * * *' },
  { queue: QUEUES.lineageDatabases, cron: '27 3 * * *' },
];

/**
 * Keeps the stored data bounded, as scheduled jobs of the worker role: the raw call history (day
 * partitions made ahead, days past API_CALLS_RETENTION_DAYS dropped, quota charges past three hours), the report cache (past
 * REPORT_CACHE_RETENTION_DAYS), and the embedded server's abandoned devnet lineage databases.
 */
@Injectable()
export class Housekeeping {
  private readonly logger = new Logger(Housekeeping.name);

  constructor(
    private readonly config: AppConfig,
    private readonly callHistory: CallHistoryRetentionService,
    private readonly reports: ReportCache,
    private readonly lineages: LineageDatabaseCleaner,
  ) {}

  /** The job for each housekeeping queue. */
  readonly jobs: Record<HousekeepingQueue, () => Promise<void>> = {
    [QUEUES.callHistory]: async () => {
      const { dropped, chargesPruned } = await this.callHistory.run(this.config.retention.apiCallsDays);
      if (dropped.length > 0) this.logger.log({ dropped }, `Dropped ${dropped.length} day(s) of raw calls`);
      if (chargesPruned > 0) this.logger.log({ chargesPruned }, `Deleted ${chargesPruned} old quota charge(s)`);
    },
    [QUEUES.caches]: async () => {
      const reports = await this.reports.expire(this.config.retention.reportCacheDays);
      if (reports > 0) this.logger.log({ reports }, `Expired ${reports} stored report(s)`);
    },
    [QUEUES.lineageDatabases]: async () => {
      await this.lineages.run();
    },
  };
}
