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
    return (await this.consume(key, 1))?.remaining ?? null;
  }

  async takeUpTo(key: MeteredKey, wanted: number): Promise<number> {
    if (key.quotaLimit === null || wanted === 0) return wanted;
    return (await this.consume(key, wanted))?.taken ?? wanted;
  }

  giveBack(key: MeteredKey, calls = 1): Promise<void> {
    return calls > 0 && key.quotaLimit !== null ? this.keys.refundQuota(key.id, calls) : Promise.resolve();
  }

  /** What was taken, null when the key turned out unlimited; throws why nothing could be taken. */
  private async consume(key: MeteredKey, wanted: number): Promise<{ taken: number; remaining: number } | null> {
    const outcome = await this.keys.consumeQuota(key.id, wanted);
    if (outcome.status === 'consumed') return outcome;
    if (outcome.status === 'unlimited') return null;
    if (!outcome.resetAt) throw new TestQuotaSpentError(outcome.limit);
    throw new QuotaSpentError(outcome.resetAt, this.clock.now());
  }
}
