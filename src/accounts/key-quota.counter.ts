import { Injectable } from '@nestjs/common';
import { Batches } from '../common/batches';
import { Clock } from '../common/clock';
import { QuotaCounter, type MeteredKey } from '../metering/counters';
import { QuotaSpentError, TestQuotaSpentError } from './account.errors';
import { ApiKeyRepository, type QuotaOutcome } from './api-key.repository';

/** A call waiting for the statement that takes its quota. */
interface Taker {
  key: MeteredKey;
  resolve: (remaining: number | null) => void;
  reject: (err: unknown) => void;
}

/**
 * The quota metering takes calls from: kept in api_keys, taken by one atomic statement. Single calls
 * of one key are coalesced: while a statement for the key is in flight, the calls that arrive wait
 * and the next statement takes all of theirs at once (consumeQuota takes as many as are left, so a
 * key with N calls left never serves N+1, across instances too). The first call of a quiet key goes
 * out at once, so coalescing adds no latency; under load a hot key costs one statement per database
 * round trip instead of one per call.
 */
@Injectable()
export class KeyQuotaCounter extends QuotaCounter {
  /** Per key id: the takers for the next statement. */
  private readonly statements = new Batches<Taker>((_keyId, batch) => this.serve(batch));

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Takes one call from the quota or says why not: 402 when nothing will refill it, else 429 until the reset. */
  take(key: MeteredKey): Promise<number | null> {
    // An unlimited key (enterprise without a quota) has nothing to count: no write per call.
    if (key.quotaLimit === null) return Promise.resolve(null);
    return new Promise((resolve, reject) => this.statements.add(key.id, { key, resolve, reject }));
  }

  async takeUpTo(key: MeteredKey, wanted: number): Promise<number> {
    if (key.quotaLimit === null || wanted === 0) return wanted;
    return this.settle(await this.keys.consumeQuota(key.id, wanted))?.taken ?? wanted;
  }

  giveBack(key: MeteredKey, calls = 1): Promise<void> {
    return calls > 0 && key.quotaLimit !== null ? this.keys.refundQuota(key.id, calls) : Promise.resolve();
  }

  /**
   * Takes the batch's calls in one statement and hands them out in arrival order, each with the
   * remaining count it would have seen alone. Takers left over when fewer were left than wanted are
   * asked again one by one, so each gets the refusal (or a call a concurrent refund gave back) as
   * a single call would.
   */
  private async serve(batch: Taker[]): Promise<void> {
    let outcome: QuotaOutcome;
    try {
      outcome = await this.keys.consumeQuota(batch[0].key.id, batch.length);
    } catch (err) {
      for (const taker of batch) taker.reject(err);
      return;
    }
    if (outcome.status === 'spent') {
      // Each call gets its own refusal (an error object is not shared between responses).
      for (const taker of batch) this.refuse(taker, outcome);
      return;
    }
    const taken = this.settle(outcome);
    if (!taken) {
      for (const taker of batch) taker.resolve(null);
      return;
    }
    batch.forEach((taker, i) => {
      if (i < taken.taken) taker.resolve(taken.remaining + (taken.taken - 1 - i));
      else this.takeAlone(taker);
    });
  }

  private refuse(taker: Taker, outcome: QuotaOutcome): void {
    try {
      this.settle(outcome);
    } catch (refusal) {
      taker.reject(refusal);
    }
  }

  private takeAlone(taker: Taker): void {
    this.keys
      .consumeQuota(taker.key.id, 1)
      .then((outcome) => taker.resolve(this.settle(outcome)?.remaining ?? null))
      .catch(taker.reject);
  }

  /** What was taken, null when the key turned out unlimited; throws why nothing could be taken. */
  private settle(outcome: QuotaOutcome): { taken: number; remaining: number } | null {
    if (outcome.status === 'consumed') return outcome;
    if (outcome.status === 'unlimited') return null;
    if (!outcome.resetAt) throw new TestQuotaSpentError(outcome.limit);
    throw new QuotaSpentError(outcome.resetAt, this.clock.now());
  }
}
