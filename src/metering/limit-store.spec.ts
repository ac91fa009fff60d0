import { RateLimiterMemory } from 'rate-limiter-flexible';
import { LimitStore, type Bucket } from './limit-store';

const bucket: Bucket = { name: 'key', points: 5, durationSec: 60 };

describe('LimitStore (in process)', () => {
  it('admits exactly the bucket of calls made at once, each told its own remaining count', async () => {
    const store = new LimitStore(null, 'test:');
    const decisions = await Promise.all(Array.from({ length: 12 }, () => store.consume(bucket, 'k1')));
    expect(decisions.map((d) => d.allowed)).toEqual([...Array(5).fill(true), ...Array(7).fill(false)]);
    expect(decisions.filter((d) => d.allowed).map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0]);
    for (const refused of decisions.filter((d) => !d.allowed)) {
      expect(refused.remaining).toBe(0);
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    }
    expect(await store.used(bucket, 'k1')).toBe(12);
  });

  it('adds the points of calls that arrive while an update is in flight in one update', async () => {
    const consume = jest.spyOn(RateLimiterMemory.prototype, 'consume');
    try {
      const store = new LimitStore(null, 'test:');
      const decisions = await Promise.all(
        Array.from({ length: 40 }, () => store.consume({ ...bucket, points: 100 }, 'k2')),
      );
      expect(decisions.every((d) => d.allowed)).toBe(true);
      expect(new Set(decisions.map((d) => d.remaining)).size).toBe(40);
      // The first call goes out alone; the 39 that arrived meanwhile share the next update.
      expect(consume.mock.calls.map(([, points]) => points)).toEqual([1, 39]);
    } finally {
      consume.mockRestore();
    }
  });

  it('keeps separate counters per key and per bucket', async () => {
    const store = new LimitStore(null, 'test:');
    await Promise.all([store.consume(bucket, 'a'), store.consume(bucket, 'a'), store.consume(bucket, 'b')]);
    await store.consume({ name: 'other', points: 5, durationSec: 60 }, 'a');
    expect(await store.used(bucket, 'a')).toBe(2);
    expect(await store.used(bucket, 'b')).toBe(1);
    expect(await store.used({ name: 'other', points: 5, durationSec: 60 }, 'a')).toBe(1);
  });

  it('a later call after a quiet moment is counted on its own', async () => {
    const store = new LimitStore(null, 'test:');
    const first = await store.consume(bucket, 'k3');
    const second = await store.consume(bucket, 'k3');
    expect([first.remaining, second.remaining]).toEqual([4, 3]);
  });
});
