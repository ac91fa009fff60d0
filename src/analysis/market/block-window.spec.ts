import {
  bracketStart,
  coarseProbeBlocks,
  fineProbeBlocks,
  resolveStart,
  scanFromBlock,
  type BlockStamp,
} from './block-window';

/** A chain whose block n has timestamp `at(n)`. */
const stampsOf = (blocks: number[], at: (n: number) => number): BlockStamp[] =>
  blocks.map((n) => ({ number: n, timestamp: at(n) }));

/** Runs the two rounds against a simulated chain and returns the resolved start. */
function locate(latest: number, blockTimeMs: number, at: (n: number) => number) {
  const target = at(latest) - 86_400;
  const latestStamp = { number: latest, timestamp: at(latest) };
  const coarse = stampsOf(coarseProbeBlocks({ latest, windowSeconds: 86_400, blockTimeMs }), at);
  const bracket = bracketStart(target, [...coarse, latestStamp]);
  const fine = stampsOf(fineProbeBlocks(bracket), at);
  return {
    ...resolveStart(target, bracketStart(target, [...coarse, ...fine, latestStamp])),
    scanFrom: scanFromBlock(bracket),
    fine: fine.length,
  };
}

/** The true first block with timestamp ≥ target, by binary search over every block. */
function firstInWindow(latest: number, at: (n: number) => number): number {
  const target = at(latest) - 86_400;
  let [lo, hi] = [0, latest];
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (at(mid) >= target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

describe('24 h window start', () => {
  it('is exact on a regular 12 s chain, with at most 64 fine headers', () => {
    const at = (n: number) => 1_600_000_000 + n * 12;
    const sut = locate(20_000_000, 12_000, at);
    expect(sut).toMatchObject({ fromBlock: firstInWindow(20_000_000, at), exact: true });
    expect(sut.fine).toBeLessThanOrEqual(64);
  });

  it('is exact when the real block time is a little slower than configured (missed slots)', () => {
    const at = (n: number) => 1_600_000_000 + Math.floor(n * 12.1);
    const sut = locate(20_000_000, 12_000, at);
    expect(sut).toMatchObject({ fromBlock: firstInWindow(20_000_000, at), exact: true });
  });

  it('is exact on a devnet with few, irregular blocks (estimate far too large)', () => {
    const gaps = [60, 7200, 5, 900, 3600, 1, 14_400, 86_000, 2, 300];
    const at = (n: number) =>
      1_795_000_000 + Array.from({ length: n }, (_, i) => gaps[i % gaps.length]).reduce((a, b) => a + b, 0);
    for (const latest of [5, 120, 346]) {
      expect(locate(latest, 12_000, at)).toMatchObject({ fromBlock: firstInWindow(latest, at), exact: true });
    }
  });

  it('scans logs from no later than the true start', () => {
    const at = (n: number) => 1_600_000_000 + n * 2;
    const sut = locate(50_000_000, 2_000, at);
    expect(sut.scanFrom).toBeLessThanOrEqual(sut.fromBlock);
  });

  it('interpolates inside a wide bracket, and says it is not exact', () => {
    const below = { number: 1_000, timestamp: 10_000 };
    const above = { number: 2_000, timestamp: 20_000 };
    expect(resolveStart(15_000, { below, above })).toEqual({ fromBlock: 1_500, exact: false });
  });

  it('takes the genesis as exact when the whole chain is younger than the window', () => {
    const at = (n: number) => 1_000 + n;
    expect(locate(50, 12_000, at)).toMatchObject({ fromBlock: 0, exact: true });
  });

  it('samples a wide bracket evenly, never beyond it', () => {
    const sut = fineProbeBlocks({ below: { number: 0, timestamp: 0 }, above: { number: 10_000, timestamp: 1 } }, 8);
    expect(sut).toHaveLength(8);
    expect(Math.min(...sut)).toBeGreaterThan(0);
    expect(Math.max(...sut)).toBeLessThan(10_000);
  });
});
