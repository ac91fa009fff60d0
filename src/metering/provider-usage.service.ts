import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PROVIDER_KINDS, type ProviderKind } from '../common/upstream-gate';
import { ProviderUsageRepository, UsageDelta } from './provider-usage.repository';

export interface ProviderUsage {
  requestsToday: number;
  dailyLimit: number;
  rateLimitHits: number;
}

const FLUSH_EVERY_MS = 2_000;

/**
 * Daily counters of upstream calls and of calls refused by an upstream's bucket, per UTC day, kept
 * in PostgreSQL so every instance adds to the same figures. Counts are buffered briefly and written
 * with one statement.
 */
@Injectable()
export class ProviderUsageService implements OnModuleDestroy {
  private readonly logger = new Logger(ProviderUsageService.name);
  private pending = new Map<string, UsageDelta>();
  private pendingDay = '';
  private timer: NodeJS.Timeout | undefined;
  private dailyLimits = new Map<string, number>();

  constructor(
    private readonly rows: ProviderUsageRepository,
    private readonly clock: Clock,
  ) {}

  setDailyLimit(kind: ProviderKind, limit: number): void {
    this.dailyLimits.set(kind, limit);
  }

  dailyLimit(kind: ProviderKind): number {
    return this.dailyLimits.get(kind) ?? 100_000;
  }

  record(kind: ProviderKind, requests = 1): void {
    this.delta(kind).requests += requests;
  }

  recordHit(kind: ProviderKind): void {
    this.delta(kind).rateLimitHits += 1;
  }

  /** Today's figures across instances (what this one has not written yet included). */
  async snapshot(): Promise<Record<ProviderKind, ProviderUsage>> {
    await this.flush();
    const stored = await this.rows.day(this.today()).catch(() => [] as UsageDelta[]);
    const byKind = new Map(stored.map((r) => [r.provider, r]));
    return Object.fromEntries(
      PROVIDER_KINDS.map((k) => [
        k,
        {
          requestsToday: byKind.get(k)?.requests ?? 0,
          rateLimitHits: byKind.get(k)?.rateLimitHits ?? 0,
          dailyLimit: this.dailyLimit(k),
        },
      ]),
    ) as Record<ProviderKind, ProviderUsage>;
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    const day = this.pendingDay;
    this.pending = new Map();
    if (batch.length === 0) return;
    await this.rows
      .add(day, batch)
      .catch((err: unknown) => this.logger.warn(`Could not store provider usage: ${(err as Error).message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  private delta(kind: ProviderKind): UsageDelta {
    const today = this.today();
    if (today !== this.pendingDay) {
      void this.flush();
      this.pendingDay = today;
    }
    let entry = this.pending.get(kind);
    if (!entry) {
      entry = { provider: kind, requests: 0, rateLimitHits: 0 };
      this.pending.set(kind, entry);
    }
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
    return entry;
  }

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }
}
