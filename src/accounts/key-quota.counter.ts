import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../common/clock';
import { QuotaCounter, type MeteredKey } from '../metering/counters';
import { QuotaSpentError, TestQuotaSpentError } from './account.errors';
import { ApiKeyRepository, type QuotaOutcome } from './api-key.repository';
import { raceDeadline } from '../common/deadline';

/** A call waiting for the statement that takes its quota. */
interface Taker {
  key: MeteredKey;
  callId: string;
  resolve: (remaining: number | null) => void;
  reject: (err: unknown) => void;
}

/** How long a refund holds the answer of the call it belongs to: the database answers in milliseconds, or is down. */
const REFUND_WAIT_MS = 750;
/** A refund the database could not take is tried again, at growing intervals up to this one, for about an hour. */
const RETRY_CAP_MS = 30_000;
const RETRY_ATTEMPTS = 130;

/**
 * The quota metering takes calls from: kept in api_keys, taken by one atomic statement. Calls are
 * gathered for a turn of the event loop, and while a statement is in flight: the next statement takes
 * the calls of every key that arrived meanwhile at once (chargeCallsOfKeys takes, per key, as many as
 * are left, so a key with N calls left never serves N+1, across instances too). A quiet key's call
 * goes out on the next turn; under load the whole process costs one statement per database round
 * trip instead of one per call (measured: bench/RESULTS.md, issue 32).
 */
@Injectable()
export class KeyQuotaCounter extends QuotaCounter implements OnApplicationShutdown {
  private readonly logger = new Logger(KeyQuotaCounter.name);
  /** The takers for the next statement, of any key. */
  private pending: Taker[] = [];
  /** A statement is scheduled or in flight: new takers wait for the next one. */
  private busy = false;
  /** Refunds not made yet (the database did not answer): tried again until it does. */
  private readonly owed = new Set<Promise<void>>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Takes one call from the quota or says why not: 402 when nothing will refill it, else 429 until the reset. */
  take(key: MeteredKey, callId: string = randomUUID()): Promise<number | null> {
    // An unlimited key (enterprise without a quota) has nothing to count: no write per call.
    if (key.quotaLimit === null) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.pending.push({ key, callId, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Statements one after the other, each with every taker that arrived while the previous one ran. */
  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      await this.serve(batch);
    }
    this.busy = false;
  }

  async takeUpTo(key: MeteredKey, wanted: number): Promise<number> {
    if (key.quotaLimit === null || wanted === 0) return wanted;
    return this.settle(await this.keys.consumeQuota(key.id, wanted))?.taken ?? wanted;
  }

  giveBack(key: MeteredKey, calls = 1, callIds?: readonly string[]): Promise<void> {
    if (key.quotaLimit === null || (callIds ? callIds.length === 0 : calls <= 0)) return Promise.resolve();
    if (!callIds) return this.keys.refundQuota(key.id, calls);
    const settled = this.refundUntilMade(key.id, callIds);
    // The answer waits for the first attempt at most REFUND_WAIT_MS; the refund goes on after it.
    return raceDeadline(settled, REFUND_WAIT_MS, () => new Error('refund still owed')).catch(() => undefined);
  }

  /** Refunds still owed get a few seconds to be made before the process goes. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.race([this.settled(), delay(5_000, undefined, { ref: false })]);
  }

  /** Resolves once every refund owed has been made (or given up on): for shutdown, and for tests. */
  async settled(): Promise<void> {
    while (this.owed.size > 0) await Promise.all([...this.owed]);
  }

  /** Voids the calls, again and again until the database takes it: the refund is idempotent by call id. */
  private refundUntilMade(keyId: string, callIds: readonly string[]): Promise<void> {
    const attempt = async (): Promise<void> => {
      for (let tried = 0; ; tried++) {
        try {
          await this.keys.refundQuota(keyId, callIds.length, callIds);
          return;
        } catch (err) {
          if (tried === 0)
            this.logger.warn(
              { err, calls: callIds.length },
              'A quota refund failed; trying again until the database answers',
            );
          if (tried >= RETRY_ATTEMPTS) {
            this.logger.error({ err, keyId, callIds }, 'A quota refund was given up on');
            return;
          }
          await delay(Math.min(RETRY_CAP_MS, 250 * 2 ** tried), undefined, { ref: false });
        }
      }
    };
    const settled = attempt();
    this.owed.add(settled);
    void settled.finally(() => this.owed.delete(settled));
    return settled;
  }

  /**
   * Takes the batch's calls in one statement and hands them out per key in arrival order, each with
   * the remaining count it would have seen alone. Takers left over when fewer were left than wanted
   * are asked again one by one, so each gets the refusal (or a call a concurrent refund gave back) as
   * a single call would. Settles every taker; never throws.
   */
  private async serve(batch: Taker[]): Promise<void> {
    const byKey = new Map<string, Taker[]>();
    for (const taker of batch) {
      const takers = byKey.get(taker.key.id);
      if (takers) takers.push(taker);
      else byKey.set(taker.key.id, [taker]);
    }
    let outcomes: Map<string, QuotaOutcome>;
    try {
      outcomes = await this.keys.chargeCallsOfKeys(batch.map((t) => ({ keyId: t.key.id, callId: t.callId })));
    } catch (err) {
      // The statement may still reach the database (a stalled connection delivers it later): void the calls, so it takes nothing.
      for (const [keyId, takers] of byKey)
        void this.refundUntilMade(
          keyId,
          takers.map((t) => t.callId),
        );
      for (const taker of batch) taker.reject(err);
      return;
    }
    for (const [keyId, takers] of byKey) this.hand(takers, outcomes.get(keyId) ?? { status: 'unlimited' });
  }

  private hand(takers: Taker[], outcome: QuotaOutcome): void {
    if (outcome.status === 'spent') {
      // Each call gets its own refusal (an error object is not shared between responses).
      for (const taker of takers) this.refuse(taker, outcome);
      return;
    }
    const taken = this.settle(outcome);
    if (!taken) {
      for (const taker of takers) taker.resolve(null);
      return;
    }
    // Each call charged gets the count it would have seen alone, in arrival order; the others are asked again alone.
    const charged = outcome.status === 'consumed' && outcome.charged ? new Set(outcome.charged) : null;
    let rank = 0;
    takers.forEach((taker, i) => {
      const took = charged ? charged.has(taker.callId) : i < taken.taken;
      if (took) taker.resolve(taken.remaining + (taken.taken - 1 - rank++));
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
      .consumeQuota(taker.key.id, 1, [taker.callId])
      .then((outcome) => taker.resolve(this.settle(outcome)?.remaining ?? null))
      .catch((err: unknown) => {
        // A refusal took nothing; any other failure may have (the statement may land later): void the call.
        if (!(err instanceof QuotaSpentError || err instanceof TestQuotaSpentError))
          void this.refundUntilMade(taker.key.id, [taker.callId]);
        taker.reject(err);
      });
  }

  /** What was taken, null when the key turned out unlimited; throws why nothing could be taken. */
  private settle(outcome: QuotaOutcome): { taken: number; remaining: number } | null {
    if (outcome.status === 'consumed') return outcome;
    if (outcome.status === 'unlimited') return null;
    if (!outcome.resetAt) throw new TestQuotaSpentError(outcome.limit);
    throw new QuotaSpentError(outcome.resetAt, this.clock.now());
  }
}
