import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { QuotaCounter, type MeteredKey } from '../metering/counters';
import { QuotaSpentError, TestQuotaSpentError } from './account.errors';
import { ApiKeyRepository } from './api-key.repository';

/** The quota metering takes calls from: kept in api_keys, one atomic statement per call. */
@Injectable()
export class KeyQuotaCounter extends QuotaCounter {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Takes one call from the quota or says why not: 402 when nothing will refill it, else 429 until the reset. */
  async take(key: MeteredKey): Promise<number | null> {
    // An unlimited key (enterprise without a quota) has nothing to count: no write per call.
    if (key.quotaLimit === null) return null;
    const outcome = await this.keys.consumeQuota(key.id);
    if (outcome.status === 'consumed') return outcome.remaining;
    if (outcome.status === 'unlimited') return null;
    this.refuse(outcome);
  }

  async takeUpTo(key: MeteredKey, wanted: number): Promise<number> {
    if (key.quotaLimit === null || wanted === 0) return wanted;
    const outcome = await this.keys.consumeQuotaUpTo(key.id, wanted);
    if (outcome.status === 'consumed') return outcome.taken ?? 1;
    if (outcome.status === 'unlimited') return wanted;
    this.refuse(outcome);
  }

  giveBack(key: MeteredKey, calls = 1): Promise<void> {
    return calls > 0 && key.quotaLimit !== null ? this.keys.refundQuota(key.id, calls) : Promise.resolve();
  }

  private refuse(outcome: { resetAt: Date | null; limit: number }): never {
    if (!outcome.resetAt) throw new TestQuotaSpentError(outcome.limit);
    throw new QuotaSpentError(outcome.resetAt, this.clock.now());
  }
}
