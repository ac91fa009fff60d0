import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '../common/errors/app-error';
import { MetricsService } from '../common/metrics/metrics.service';
import { DailyCounter, QuotaCounter, type MeteredKey } from './counters';
import { LimitsService, type KeyLimit } from './limits.service';

/**
 * What one admitted call took. `refund()` is the one way anything is given back: a call that fails
 * after admission (bad input, unknown token, node down) returns its quota here, whoever refuses it.
 */
export class MeterTicket {
  private refunds: Array<() => Promise<void>> = [];

  constructor(
    /** Remaining quota after this call (null = unlimited); undefined when the route takes none. */
    readonly quotaRemaining: number | null | undefined,
    /** X-RateLimit-Remaining / X-RateLimit-Reset of the binding per-key budget. */
    readonly headers: Record<string, string>,
    /** Frees the concurrency slot; call once the response is done. */
    readonly release: () => Promise<void>,
  ) {}

  /** @internal metering registers what it took. */
  onRefund(giveBack: () => Promise<void>): void {
    this.refunds.push(giveBack);
  }

  /** Gives back what was registered, once (later calls do nothing). */
  async refund(): Promise<void> {
    const pending = this.refunds;
    this.refunds = [];
    for (const giveBack of pending.reverse()) await giveBack();
  }
}

/**
 * Every count and limit a call draws on, in one place: the key's quota, its per-minute budget,
 * surface B's shared per-minute budget and concurrency slots (LimitsService), and surface C's
 * daily tier calls. Upstream buckets are UpstreamLimiter's, per provider call.
 */
@Injectable()
export class MeteringService {
  constructor(
    private readonly limits: LimitsService,
    private readonly quota: QuotaCounter,
    private readonly daily: DailyCounter,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Admits a keyed call: one call from the quota when the route counts it, then the rate budgets and
   * the concurrency slot. A refusal by the limits gives the quota back before it is thrown.
   */
  async admitKeyCall(input: {
    key: MeteredKey;
    takesQuota: boolean;
    limit: KeyLimit;
    scannerWide: boolean;
  }): Promise<MeterTicket> {
    // The call's own id: its refund gives back exactly what its take did, whatever became of the take.
    const callId = randomUUID();
    const quotaRemaining = input.takesQuota ? await this.counted(this.quota.take(input.key, callId)) : undefined;
    const giveBackQuota =
      quotaRemaining === undefined || quotaRemaining === null
        ? undefined
        : () => this.quota.giveBack(input.key, 1, [callId]);
    try {
      const admission = await this.limits.admitKey({
        keyId: input.key.id,
        planPerMinute: input.key.rateLimitPerMinute,
        limit: input.limit,
        scannerWide: input.scannerWide,
      });
      const ticket = new MeterTicket(quotaRemaining, admission.headers, admission.release);
      if (giveBackQuota) ticket.onRefund(giveBackQuota);
      return ticket;
    } catch (err) {
      await giveBackQuota?.();
      throw err;
    }
  }

  /** Takes as many of `wanted` quota calls as are left (batch scans); throws when none are. */
  takeQuota(key: MeteredKey, wanted: number): Promise<number> {
    return this.counted(this.quota.takeUpTo(key, wanted));
  }

  /** Gives back quota calls taken by takeQuota whose items produced no result. */
  giveBackQuota(key: MeteredKey, calls: number): Promise<void> {
    return this.quota.giveBack(key, calls);
  }

  /** Takes one of the subject's calls for `day`; null when its daily limit is reached. */
  async takeDaily(subject: string, day: string, limit: number | null): Promise<number | null> {
    const calls = await this.daily.take(subject, day, limit);
    if (calls === null) this.metrics.quotaRefused('daily_tier');
    return calls;
  }

  /** A quota refusal is counted: 402 when nothing will refill it (a test key), 429 for a spent monthly quota. */
  private async counted<T>(taking: Promise<T>): Promise<T> {
    try {
      return await taking;
    } catch (err) {
      if (err instanceof AppError && err.kind === 'payment_required') this.metrics.quotaRefused('test_key');
      else if (err instanceof AppError && err.kind === 'rate_limited') this.metrics.quotaRefused('monthly');
      throw err;
    }
  }
}
