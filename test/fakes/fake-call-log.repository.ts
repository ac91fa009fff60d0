import {
  CallCounts,
  CallEntry,
  CallLogRepository,
  DailyCalls,
  RecentCall,
} from '../../src/accounts/call-log/call-log.repository';

/** api_calls in memory. */
export class FakeCallLogRepository extends CallLogRepository {
  readonly entries: CallEntry[] = [];
  /** Batches written, to see what the recorder flushed and when. */
  readonly batches: CallEntry[][] = [];

  constructor() {
    super(undefined as never);
  }

  override async insertMany(entries: CallEntry[]): Promise<void> {
    this.batches.push([...entries]);
    this.entries.push(...entries);
  }

  override async counts(keyIds: string[], since: { dayStart: Date; monthStart: Date }): Promise<CallCounts> {
    const mine = this.entries.filter((e) => keyIds.includes(e.keyId));
    return {
      total: mine.length,
      today: mine.filter((e) => e.at.getTime() >= since.dayStart.getTime()).length,
      thisMonth: mine.filter((e) => e.at.getTime() >= since.monthStart.getTime()).length,
    };
  }

  override async daily(keyId: string, since: Date): Promise<DailyCalls[]> {
    const byDay = new Map<string, number>();
    for (const e of this.entries) {
      if (e.keyId !== keyId || e.at.getTime() < since.getTime()) continue;
      const day = e.at.toISOString().slice(0, 10);
      byDay.set(day, (byDay.get(day) ?? 0) + 1);
    }
    return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, calls]) => ({ day, calls }));
  }

  override async recent(keyId: string, limit: number): Promise<RecentCall[]> {
    return this.entries
      .map((e, order) => ({ e, order }))
      .filter(({ e }) => e.keyId === keyId)
      .sort((a, b) => b.e.at.getTime() - a.e.at.getTime() || b.order - a.order)
      .slice(0, limit)
      .map(({ e }) => ({
        timestamp: e.at,
        method: e.method,
        endpoint: e.endpoint,
        status: e.status,
        latencyMs: e.latencyMs,
      }));
  }
}
