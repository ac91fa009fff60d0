import { Injectable } from '@nestjs/common';
import { DAY_MS, Clock } from '../../common/clock';
import { ApiKeyRepository } from '../api-key.repository';
import { CallLogRepository } from './call-log.repository';

/** Day partitions kept made ahead of today, so inserts land in their day's partition, not in DEFAULT. */
export const PARTITIONS_AHEAD_DAYS = 7;

/**
 * How long a call's quota charge is kept: a refund is retried for about an hour (KeyQuotaCounter), and a
 * charge statement lands within the statement timeout, so after three hours neither can still meet the row.
 */
export const QUOTA_CHARGES_KEEP_MS = 3 * 60 * 60 * 1000;

export interface CallHistoryUpkeep {
  /** Day partitions that exist now from today on (made where missing). */
  ensured: string[];
  /** Day partitions dropped (their calls stay counted in the daily rollups). */
  dropped: string[];
  /** Quota charges deleted (older than QUOTA_CHARGES_KEEP_MS). */
  chargesPruned: number;
}

/**
 * Keeps the raw call history bounded: partitions made ahead, days past retention dropped, and the
 * per-call quota charges (a row per quota call, as many as calls) deleted once no refund can need them.
 */
@Injectable()
export class CallHistoryRetentionService {
  constructor(
    private readonly calls: CallLogRepository,
    private readonly keys: ApiKeyRepository,
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
    const chargesPruned = await this.keys.pruneQuotaCharges(new Date(now - QUOTA_CHARGES_KEEP_MS));
    return { ensured, dropped, chargesPruned };
  }
}
