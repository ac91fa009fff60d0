import { circulatingSupply, concentrationShares, countedHolders, percentOf, type RankedBalance } from './holder.shares';

const E18 = 10n ** 18n;
const row = (holder: string, tokens: bigint): RankedBalance => ({ holder, balance: tokens * E18 });

/** `count` holders named h0, h1… holding `each` tokens. */
const holders = (count: number, each: bigint): RankedBalance[] =>
  Array.from({ length: count }, (_, i) => row(`h${i}`, each));

describe('holder share math', () => {
  it('gives percentages with two decimals, rounded down, capped at 100', () => {
    expect(percentOf(1n, 3n)).toBe(33.33);
    expect(percentOf(2n, 3n)).toBe(66.66);
    expect(percentOf(5n, 4n)).toBe(100);
    expect(percentOf(1n, 0n)).toBe(0);
    expect(percentOf(-1n, 10n)).toBe(0);
  });

  it('stays exact for uint256-sized balances', () => {
    const quarter = 2n ** 254n - 1n;
    expect(percentOf(quarter, quarter * 4n)).toBe(25);
    expect(percentOf(quarter, quarter * 4n + 1n)).toBe(24.99);
  });

  it('leaves the pair and burn addresses out of the ranking and burned tokens out of the denominator', () => {
    const supply = 1_000n * E18;
    const ranked = [row('pair', 400n), row('dead', 200n), ...holders(12, 30n), row('tail', 4n)];
    const sut = concentrationShares({
      ranked,
      excluded: new Set(['pair', 'dead']),
      circulating: circulatingSupply(supply, 200n * E18),
    });
    // 10 × 30 of 800 circulating; top 100 = 12 × 30 + 4.
    expect(sut).toEqual({ top10: 37.5, top100: 45.5 });
  });

  it('counts only the first 100 non-excluded balances', () => {
    const ranked = [row('pair', 1_000n), ...holders(150, 1n)];
    const sut = concentrationShares({ ranked, excluded: new Set(['pair']), circulating: 1_150n * E18 });
    expect(sut.top100).toBe(percentOf(100n, 1_150n));
    expect(sut.top10).toBe(percentOf(10n, 1_150n));
  });

  it('ignores non-positive balances', () => {
    const sut = concentrationShares({
      ranked: [row('a', 50n), row('b', 0n), { holder: 'c', balance: -5n }],
      excluded: new Set(),
      circulating: 100n * E18,
    });
    expect(sut).toEqual({ top10: 50, top100: 50 });
  });

  it('never lets the circulating supply go negative', () => {
    expect(circulatingSupply(100n, 150n)).toBe(0n);
    expect(circulatingSupply(100n, -5n)).toBe(100n);
  });

  it('subtracts excluded addresses that hold a positive balance from the holder count', () => {
    expect(countedHolders(10, [row('pair', 5n), row('dead', 0n), { holder: '0x0', balance: -7n }])).toBe(9);
    expect(countedHolders(0, [row('pair', 5n)])).toBe(0);
  });
});
