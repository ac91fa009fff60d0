import { Clock } from '../common/clock';
import type { MeteredKey } from '../metering/counters';
import { QuotaSpentError, TestQuotaSpentError } from './account.errors';
import { ApiKeyRepository, type QuotaOutcome } from './api-key.repository';
import { KeyQuotaCounter } from './key-quota.counter';

/** api_keys' quota columns in memory: each statement is atomic, as the real one is, and answers after a turn of the event loop. */
class FakeQuotaRows extends ApiKeyRepository {
  statements: number[] = [];
  failNext = false;
  /** The next statement fails on the client side after the database applied it (its answer was lost). */
  landNext = false;
  /** quota_charges: per call id, whether it was voided. */
  readonly charges = new Map<string, { voided: boolean }>();

  constructor(
    public remaining: Map<string, number>,
    private readonly resetAt: Date | null,
  ) {
    super(undefined as never);
  }

  override async consumeQuota(id: string, wanted = 1, callIds?: readonly string[]): Promise<QuotaOutcome> {
    this.statements.push(wanted);
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unavailable');
    }
    const outcome = this.apply(id, wanted, callIds);
    if (this.landNext) {
      this.landNext = false;
      throw new Error('connection lost after the statement was sent');
    }
    return outcome;
  }

  override async chargeCallsOfKeys(
    calls: ReadonlyArray<{ keyId: string; callId: string }>,
  ): Promise<Map<string, QuotaOutcome>> {
    this.statements.push(calls.length);
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unavailable');
    }
    const outcomes = new Map<string, QuotaOutcome>();
    for (const keyId of new Set(calls.map((c) => c.keyId))) {
      const ids = calls.filter((c) => c.keyId === keyId).map((c) => c.callId);
      outcomes.set(keyId, this.apply(keyId, ids.length, ids));
    }
    if (this.landNext) {
      this.landNext = false;
      throw new Error('connection lost after the statement was sent');
    }
    return outcomes;
  }

  /** The statement as the database runs it: calls whose id already has a row take nothing. */
  apply(id: string, wanted: number, callIds?: readonly string[]): QuotaOutcome {
    const left = this.remaining.get(id);
    if (left === undefined) return { status: 'unlimited' };
    if (left === 0) return { status: 'spent', resetAt: this.resetAt, limit: 10 };
    const charged = (callIds ?? []).slice(0, left).filter((c) => !this.charges.has(c));
    charged.forEach((c) => this.charges.set(c, { voided: false }));
    const taken = callIds ? charged.length : Math.min(wanted, left);
    this.remaining.set(id, left - taken);
    return {
      status: 'consumed',
      taken,
      remaining: left - taken,
      resetAt: this.resetAt,
      ...(callIds ? { charged } : {}),
    };
  }

  override async refundQuota(id: string, calls = 1, callIds?: readonly string[]): Promise<void> {
    if (!callIds) {
      this.remaining.set(id, (this.remaining.get(id) ?? 0) + calls);
      return;
    }
    for (const c of callIds) {
      const row = this.charges.get(c);
      if (row && !row.voided) this.remaining.set(id, (this.remaining.get(id) ?? 0) + 1);
      this.charges.set(c, { voided: true });
    }
  }
}

class FixedClock extends Clock {
  constructor(private readonly at: Date) {
    super();
  }

  now(): Date {
    return this.at;
  }
}

const aKey = (overrides: Partial<MeteredKey> = {}): MeteredKey => ({
  id: 'k1',
  quotaLimit: 10,
  rateLimitPerMinute: 60,
  ...overrides,
});
const NOW = new Date('2026-11-26T12:00:00Z');

function build(left: number, resetAt: Date | null = null) {
  const rows = new FakeQuotaRows(new Map([['k1', left]]), resetAt);
  return { rows, sut: new KeyQuotaCounter(rows, new FixedClock(NOW)) };
}

describe('KeyQuotaCounter', () => {
  it('50 concurrent calls on a key with 10 left: exactly 10 are served, each with its own remaining count, in fewer statements than calls', async () => {
    const { rows, sut } = build(10);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => sut.take(aKey())));
    const served = outcomes
      .filter((o) => o.status === 'fulfilled')
      .map((o) => (o as PromiseFulfilledResult<number>).value);
    expect(served.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(40);
    expect(refused.every((err) => err instanceof TestQuotaSpentError)).toBe(true);
    expect(rows.remaining.get('k1')).toBe(0);
    // The 50 calls of the turn in one statement (10 taken), then the 40 left over one by one.
    expect(rows.statements).toHaveLength(41);
    expect(rows.statements[0]).toBe(50);
  });

  it('a quiet key takes its call at once, one statement per call', async () => {
    const { rows, sut } = build(5);
    expect(await sut.take(aKey())).toBe(4);
    expect(await sut.take(aKey())).toBe(3);
    expect(rows.statements).toEqual([1, 1]);
  });

  it('a spent monthly quota refuses every waiting call, each with its own error', async () => {
    const resetAt = new Date('2026-12-01T00:00:00Z');
    const { sut } = build(0, resetAt);
    const outcomes = await Promise.allSettled([sut.take(aKey()), sut.take(aKey()), sut.take(aKey())]);
    expect(outcomes.map((o) => o.status === 'rejected' && o.reason instanceof QuotaSpentError)).toEqual([
      true,
      true,
      true,
    ]);
    expect(new Set(outcomes.map((o) => (o as PromiseRejectedResult).reason)).size).toBe(3);
  });

  it('a call given back while others wait is served to one of them, never more', async () => {
    const { rows, sut } = build(1);
    const first = sut.take(aKey());
    const others = [sut.take(aKey()), sut.take(aKey())];
    expect(await first).toBe(0);
    await sut.giveBack(aKey());
    const outcomes = await Promise.allSettled(others);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(rows.remaining.get('k1')).toBe(0);
  });

  it('a failed statement fails the calls it carried, and the next calls go out again', async () => {
    const { rows, sut } = build(10);
    rows.failNext = true;
    await expect(sut.take(aKey())).rejects.toThrow('database unavailable');
    expect(await sut.take(aKey())).toBe(9);
  });

  it('a take whose statement the database applied though the client saw it fail is given back, once', async () => {
    const rows = new FakeQuotaRows(new Map([['k1', 10]]), null);
    const sut = new KeyQuotaCounter(rows, new FixedClock(NOW));

    rows.landNext = true;
    await expect(sut.take(aKey(), 'call-1')).rejects.toThrow('connection lost');
    await sut.settled();
    expect(rows.remaining.get('k1')).toBe(10);
    // Refunding it again (a retry) gives nothing more.
    await sut.giveBack(aKey(), 1, ['call-1']);
    expect(rows.remaining.get('k1')).toBe(10);
  });

  it('a take that reaches the database after its refund takes nothing', async () => {
    const rows = new FakeQuotaRows(new Map([['k1', 10]]), null);
    const sut = new KeyQuotaCounter(rows, new FixedClock(NOW));

    await sut.giveBack(aKey(), 1, ['late']);
    rows.apply('k1', 1, ['late']);
    expect(rows.remaining.get('k1')).toBe(10);
  });

  it("calls of many keys in one turn go out in one statement, each key's calls taken from its own quota", async () => {
    const rows = new FakeQuotaRows(
      new Map([
        ['k1', 2],
        ['k2', 5],
        ['k3', 0],
      ]),
      null,
    );
    const sut = new KeyQuotaCounter(rows, new FixedClock(NOW));
    const calls = ['k1', 'k2', 'k1', 'k3', 'k2', 'k1'].map((id) => sut.take(aKey({ id })));
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'refused'))).toEqual([
      1,
      4,
      0,
      'refused',
      3,
      'refused',
    ]);
    expect(rows.remaining).toEqual(
      new Map([
        ['k1', 0],
        ['k2', 3],
        ['k3', 0],
      ]),
    );
    // One statement for the turn, then k1's third call asked again alone.
    expect(rows.statements).toEqual([6, 1]);
  });

  it('an unlimited key writes nothing', async () => {
    const { rows, sut } = build(10);
    expect(await sut.take(aKey({ quotaLimit: null }))).toBeNull();
    expect(rows.statements).toEqual([]);
  });
});
