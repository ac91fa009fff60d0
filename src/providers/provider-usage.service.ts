import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';

/** Upstream provider kinds of the spec; each is one of our own engines or an external API. */
export const PROVIDER_KINDS = ['audit_provider', 'scanner_provider', 'market_data', 'block_explorer'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface ProviderUsage {
  requestsToday: number;
  dailyLimit: number;
  rateLimitHits: number;
}

const DEFAULT_DAILY_LIMIT = 100_000;

/**
 * Per-kind daily counters of upstream calls and of calls refused by an upstream's bucket, for
 * /system/rate-limits. Counted in process per UTC day.
 */
@Injectable()
export class ProviderUsageService {
  private day = '';
  private readonly usage = new Map<ProviderKind, ProviderUsage>();

  constructor(private readonly clock: Clock) {}

  record(kind: ProviderKind, requests = 1): void {
    this.current(kind).requestsToday += requests;
  }

  recordHit(kind: ProviderKind): void {
    this.current(kind).rateLimitHits += 1;
  }

  snapshot(): Record<ProviderKind, ProviderUsage> {
    return Object.fromEntries(PROVIDER_KINDS.map((k) => [k, { ...this.current(k) }])) as Record<ProviderKind, ProviderUsage>;
  }

  private current(kind: ProviderKind): ProviderUsage {
    const today = this.clock.now().toISOString().slice(0, 10);
    if (today !== this.day) {
      this.day = today;
      this.usage.clear();
    }
    let entry = this.usage.get(kind);
    if (!entry) {
      entry = { requestsToday: 0, dailyLimit: DEFAULT_DAILY_LIMIT, rateLimitHits: 0 };
      this.usage.set(kind, entry);
    }
    return entry;
  }
}
