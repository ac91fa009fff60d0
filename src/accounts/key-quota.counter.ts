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
    if (!outcome.resetAt) throw new TestQuotaSpentError(outcome.limit);
    throw new QuotaSpentError(outcome.resetAt, this.clock.now());
  }

  giveBack(key: MeteredKey): Promise<void> {
    return this.keys.refundQuota(key.id);
  }
}
