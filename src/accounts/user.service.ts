import { Injectable } from '@nestjs/common';
import { ApiKeyRecord } from './api-key.repository';
import { ApiKeyService, IssuedKey } from './api-key.service';
import { CallCounts, CallLogRepository, DailyCalls, RecentCall } from './call-log/call-log.repository';
import { CallRecorder } from './call-log/call-recorder';
import { AppError } from '../common/errors/app-error';
import { DAY_MS, Clock } from '../common/clock';
import { PlanPurchaseRepository } from './plans/plan-purchase.repository';
import { PurchasablePlan } from './plans/plan-catalog';

/** Days in a key's calls-per-day series, today included. */
export const DAILY_SERIES_DAYS = 30;

export class NoActivePlanError extends AppError {
  constructor(plan: string) {
    super('forbidden', `This wallet has no active ${plan} plan: buy one with purchase-plan first`, {
      cCode: 'NO_ACTIVE_PLAN',
    });
  }
}

export interface WalletUsage {
  counts: CallCounts;
  keys: ApiKeyRecord[];
  activePlans: string[];
}

/** Usage read from the call history, and the keys a proven wallet owns. */
@Injectable()
export class UserService {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly calls: CallLogRepository,
    private readonly recorder: CallRecorder,
    private readonly purchases: PlanPurchaseRepository,
    private readonly clock: Clock,
  ) {}

  /** The key as it is now (its quota may have moved since authentication) and its call counts. */
  async stats(key: ApiKeyRecord): Promise<{ key: ApiKeyRecord; counts: CallCounts; daily: DailyCalls[] }> {
    await this.recorder.flush();
    const periods = this.periods();
    const first = new Date(periods.dayStart.getTime() - (DAILY_SERIES_DAYS - 1) * DAY_MS);
    const [current, counts, days] = await Promise.all([
      this.keys.findById(key.id),
      this.calls.counts([key.id], periods),
      this.calls.daily(key.id, first),
    ]);
    const byDay = new Map(days.map((d) => [d.day, d.calls]));
    const daily = Array.from({ length: DAILY_SERIES_DAYS }, (_, i) => {
      const day = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { day, calls: byDay.get(day) ?? 0 };
    });
    return { key: current ?? key, counts, daily };
  }

  async recentCalls(key: ApiKeyRecord, limit: number): Promise<RecentCall[]> {
    await this.recorder.flush();
    return this.calls.recent(key.id, limit);
  }

  walletKeys(wallet: string): Promise<ApiKeyRecord[]> {
    return this.keys.listByWallet(wallet);
  }

  async createKey(wallet: string, plan: PurchasablePlan): Promise<IssuedKey> {
    const active = (await this.purchases.activePlans(wallet, this.clock.now())).find((p) => p.plan === plan);
    if (!active) throw new NoActivePlanError(plan);
    return this.keys.issue({ plan, ownerWallet: wallet, expiresAt: active.expiresAt });
  }

  async walletUsage(wallet: string): Promise<WalletUsage> {
    await this.recorder.flush();
    const [keys, activePlans] = await Promise.all([
      this.keys.listByWallet(wallet),
      this.purchases.activePlans(wallet, this.clock.now()),
    ]);
    const counts = await this.calls.counts(
      keys.map((k) => k.id),
      this.periods(),
    );
    return { counts, keys, activePlans: activePlans.map((p) => p.plan) };
  }

  private periods(): { dayStart: Date; monthStart: Date } {
    const now = this.clock.now();
    return {
      dayStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
      monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    };
  }
}
