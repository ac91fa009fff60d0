import {
  liquidityStatus,
  percentChange,
  priceInQuote,
  quoteVolume,
  reservesAtStart,
  sidesOf,
  stablePriceInQuote,
  type PairEvent,
} from './market-math';

describe('liquidityStatus', () => {
  it.each([
    [2_000_000, 'EXCELLENT'],
    [1_000_000, 'EXCELLENT'],
    [999_999, 'GOOD'],
    [250_000, 'GOOD'],
    [50_000, 'MODERATE'],
    [10_000, 'LOW'],
    [9_999, 'VERY_LOW'],
    [1, 'VERY_LOW'],
    [0.5, 'NONE'],
    [0, 'NONE'],
  ] as const)('$%d is %s', (usd, status) => {
    expect(liquidityStatus(usd)).toBe(status);
  });

  it('is UNKNOWN without a USD figure', () => {
    expect(liquidityStatus(null)).toBe('UNKNOWN');
  });
});

describe('priceInQuote', () => {
  it('divides whole quote units by whole token units', () => {
    expect(
      priceInQuote({
        tokenReserve: 500_000_000n * 10n ** 18n,
        quoteReserve: 250_000n * 10n ** 6n,
        tokenDecimals: 18,
        quoteDecimals: 6,
      }),
    ).toBe(0.0005);
    expect(
      priceInQuote({ tokenReserve: 4n * 10n ** 18n, quoteReserve: 10n ** 18n, tokenDecimals: 18, quoteDecimals: 18 }),
    ).toBe(0.25);
  });

  it('is null when a side is empty', () => {
    expect(priceInQuote({ tokenReserve: 0n, quoteReserve: 1n, tokenDecimals: 18, quoteDecimals: 18 })).toBeNull();
  });
});

describe('percentChange', () => {
  it('is signed, and null without a base', () => {
    expect(percentChange(2, 3)).toBe(50);
    expect(percentChange(4, 3)).toBe(-25);
    expect(percentChange(0, 3)).toBeNull();
    expect(percentChange(null, 3)).toBeNull();
  });
});

const sync = (blockNumber: number, logIndex: number, reserve0: bigint, reserve1: bigint): PairEvent => ({
  kind: 'sync',
  blockNumber,
  logIndex,
  reserve0,
  reserve1,
});
const swap = (
  blockNumber: number,
  logIndex: number,
  a: Partial<Record<'amount0In' | 'amount1In' | 'amount0Out' | 'amount1Out', bigint>>,
): PairEvent => ({
  kind: 'swap',
  blockNumber,
  logIndex,
  amount0In: 0n,
  amount1In: 0n,
  amount0Out: 0n,
  amount1Out: 0n,
  ...a,
});

describe('reservesAtStart', () => {
  const current = { reserve0: 7n, reserve1: 7n };

  it('undoes the first swap of the window from the Sync it emitted', () => {
    const events = [swap(11, 3, { amount0In: 5n, amount1Out: 20n }), sync(11, 2, 105n, 180n), sync(12, 0, 1n, 1n)];
    expect(reservesAtStart(current, events)).toEqual({ reserve0: 100n, reserve1: 200n });
  });

  it('takes a Sync without a swap (mint or burn) as the start ratio', () => {
    expect(reservesAtStart(current, [sync(11, 0, 50n, 100n), swap(12, 1, { amount0In: 1n })])).toEqual({
      reserve0: 50n,
      reserve1: 100n,
    });
  });

  it('keeps the current reserves when nothing happened in the window', () => {
    expect(reservesAtStart(current, [])).toBe(current);
  });

  it('undoes every swap of a pool that emits no Sync (V3: virtual reserves moved by the swaps)', () => {
    const events = [swap(10, 0, { amount0In: 3n, amount1Out: 2n }), swap(12, 4, { amount1In: 5n, amount0Out: 1n })];
    expect(reservesAtStart({ reserve0: 100n, reserve1: 200n }, events)).toEqual({ reserve0: 98n, reserve1: 197n });
  });
});

describe('quoteVolume and sidesOf', () => {
  const events = [
    sync(1, 0, 0n, 0n),
    swap(1, 1, { amount0In: 3n, amount1Out: 9n }),
    swap(2, 1, { amount1In: 4n, amount0Out: 1n }),
  ];

  it('sums both directions on the quote side and counts swaps', () => {
    expect(quoteVolume(events, true)).toEqual({ volume: 4n, swaps: 2 });
    expect(quoteVolume(events, false)).toEqual({ volume: 13n, swaps: 2 });
  });

  it('orders reserves as token side, quote side', () => {
    expect(sidesOf({ reserve0: 1n, reserve1: 2n }, true)).toEqual({ token: 2n, quote: 1n });
    expect(sidesOf({ reserve0: 1n, reserve1: 2n }, false)).toEqual({ token: 1n, quote: 2n });
  });
});

describe('stablePriceInQuote', () => {
  it('is 1 on a balanced stable curve and the slope (3x²y + y³) / (x³ + 3xy²) off balance', () => {
    expect(
      stablePriceInQuote({ tokenReserve: 10n ** 24n, quoteReserve: 10n ** 12n, tokenDecimals: 18, quoteDecimals: 6 }),
    ).toBe(1);
    const price = stablePriceInQuote({
      tokenReserve: 2n * 10n ** 18n,
      quoteReserve: 10n ** 18n,
      tokenDecimals: 18,
      quoteDecimals: 18,
    })!;
    expect(price).toBeCloseTo((3 * 4 * 1 + 1) / (8 + 3 * 2 * 1), 12);
    // Flatter than x·y near balance: the more plentiful token still costs more than the reserves' ratio says.
    expect(price).toBeGreaterThan(0.5);
  });

  it('is null for an empty side', () => {
    expect(stablePriceInQuote({ tokenReserve: 0n, quoteReserve: 1n, tokenDecimals: 18, quoteDecimals: 18 })).toBeNull();
  });
});
