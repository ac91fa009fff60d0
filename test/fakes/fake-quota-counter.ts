import { QuotaCounter, type MeteredKey } from '../../src/metering/counters';

/** Quotas in memory: remaining calls per key id; a spent quota throws like the real counter. */
export class FakeQuotaCounter extends QuotaCounter {
  readonly remaining = new Map<string, number>();
  givenBack = 0;

  async take(key: MeteredKey): Promise<number | null> {
    if (key.quotaLimit === null) return null;
    const left = this.remaining.get(key.id) ?? key.quotaLimit;
    if (left <= 0) throw new Error(`quota of ${key.id} spent`);
    this.remaining.set(key.id, left - 1);
    return left - 1;
  }

  async takeUpTo(key: MeteredKey, wanted: number): Promise<number> {
    if (key.quotaLimit === null) return wanted;
    const left = this.remaining.get(key.id) ?? key.quotaLimit;
    if (left <= 0) throw new Error(`quota of ${key.id} spent`);
    const taken = Math.min(left, wanted);
    this.remaining.set(key.id, left - taken);
    return taken;
  }

  async giveBack(key: MeteredKey, calls = 1): Promise<void> {
    this.givenBack += calls;
    this.remaining.set(key.id, (this.remaining.get(key.id) ?? 0) + calls);
  }
}
