import { solidlyAmountOut, v2AmountOut, v3AmountOut } from './pool-quotes';

const E18 = 10n ** 18n;
const Q96 = 2n ** 96n;

describe('v2AmountOut', () => {
  it("is Uniswap V2's getAmountOut: 997/1000 of the input into x·y", () => {
    expect(v2AmountOut({ amountIn: 1_000n, reserveIn: 1_000_000n, reserveOut: 2_000_000n })).toBe(
      (997_000n * 2_000_000n) / (1_000_000n * 1_000n + 997_000n),
    );
    expect(v2AmountOut({ amountIn: 0n, reserveIn: 1n, reserveOut: 1n })).toBe(0n);
  });
});

describe('v3AmountOut', () => {
  // Price 4 (token1 per token0): sqrt 2, liquidity L = 1000 whole units: virtual reserves 500 / 2000.
  const sqrtPriceX96 = 2n * Q96;
  const liquidity = 1_000n * E18;

  it('moves along x·y = L² in both directions, the fee off the input', () => {
    const zeroForOne = v3AmountOut({ sqrtPriceX96, liquidity, fee: 3000, amountIn: E18, zeroForOne: true });
    const inLessFee = (E18 * 997n) / 1000n;
    const expected = (inLessFee * 2_000n * E18) / (500n * E18 + inLessFee);
    expect(Number(zeroForOne - expected)).toBeLessThanOrEqual(0);
    expect(Number(expected - zeroForOne)).toBeLessThanOrEqual(2);
    const oneForZero = v3AmountOut({ sqrtPriceX96, liquidity, fee: 500, amountIn: 4n * E18, zeroForOne: false });
    const in1 = (4n * E18 * 9995n) / 10_000n;
    const expected1 = (in1 * 500n * E18) / (2_000n * E18 + in1);
    expect(Number(expected1 - oneForZero)).toBeLessThanOrEqual(2);
    expect(oneForZero).toBeLessThanOrEqual(expected1);
  });

  it('pays nothing without liquidity or input', () => {
    expect(v3AmountOut({ sqrtPriceX96, liquidity: 0n, fee: 3000, amountIn: E18, zeroForOne: true })).toBe(0n);
    expect(v3AmountOut({ sqrtPriceX96, liquidity, fee: 3000, amountIn: 0n, zeroForOne: false })).toBe(0n);
  });
});

describe('solidlyAmountOut', () => {
  it('volatile: x·y after the fee', () => {
    const out = solidlyAmountOut({
      amountIn: 10_000n,
      reserveIn: 1_000_000n,
      reserveOut: 1_000_000n,
      stable: false,
      feeBps: 30n,
      decimalsIn: 18,
      decimalsOut: 18,
    });
    expect(out).toBe((9_970n * 1_000_000n) / 1_009_970n);
  });

  it('stable: near one for one around balance, more than x·y would give', () => {
    const base = {
      reserveIn: 1_000_000n * 10n ** 6n,
      reserveOut: 1_000_000n * E18,
      stable: true,
      feeBps: 5n,
      decimalsIn: 6,
      decimalsOut: 18,
    };
    const small = solidlyAmountOut({ ...base, amountIn: 1_000n * 10n ** 6n });
    expect(Number(small) / 1e18).toBeGreaterThan(999.4);
    expect(Number(small) / 1e18).toBeLessThan(999.5);
    const volatile = solidlyAmountOut({ ...base, stable: false, amountIn: 1_000n * 10n ** 6n });
    expect(small).toBeGreaterThan(volatile);
  });
});
