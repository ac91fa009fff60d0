import { Injectable } from '@nestjs/common';
import { DAY_MS, Clock } from '../../common/clock';
import { CallLogRepository } from './call-log.repository';

/** Day partitions kept made ahead of today, so inserts land in their day's partition, not in DEFAULT. */
export const PARTITIONS_AHEAD_DAYS = 7;

export interface CallHistoryUpkeep {
  /** Day partitions that exist now from today on (made where missing). */
  ensured: string[];
  /** Day partitions dropped (their calls stay counted in the daily rollups). */
  dropped: string[];
}

/** Keeps the raw call history bounded: partitions made ahead, days past retention dropped. */
@Injectable()
export class CallHistoryRetentionService {
  constructor(
    private readonly calls: CallLogRepository,
    private readonly clock: Clock,
  ) {}

  /** Makes today's and the next days' partitions, and drops the raw calls of days before today − `keepDays`. */
  async run(keepDays: number): Promise<CallHistoryUpkeep> {
    const now = this.clock.now().getTime();
    const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
    const ensured = await this.calls.ensurePartitions(
      Array.from({ length: PARTITIONS_AHEAD_DAYS + 1 }, (_, i) => day(i)),
    );
    const dropped = await this.calls.dropDaysBefore(day(-keepDays));
    return { ensured, dropped };
  }
}
