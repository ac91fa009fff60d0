import { decodeErrorResult, parseAbi, slice, type Hex } from 'viem';

const SCALE = 1_000_000n;

/**
 * Tax in percent, rounded to 2 decimals: (expected − received) / expected. A received amount above
 * the quote (reflection tokens, rounding) is no tax, so the result is never negative. Null when
 * nothing was expected (nothing to compare against).
 */
export function taxPercent(expected: bigint, received: bigint): number | null {
  if (expected <= 0n) return null;
  if (received >= expected) return 0;
  const lostPpm = ((expected - received) * SCALE) / expected;
  return Math.round(Number(lostPpm) / 100) / 100;
}

/** `part / whole` in percent with up to 4 decimals; null when `whole` is zero. */
export function percentOf(part: bigint, whole: bigint): number | null {
  if (whole <= 0n) return null;
  const ppm = (part * SCALE * 100n) / whole;
  return Math.round(Number(ppm) / 100) / 10_000;
}

const REVERT_ABI = parseAbi(['error Error(string message)', 'error Panic(uint256 code)']);

/** Readable form of revert data: Error(string) text, Panic code, or a custom error's selector. */
export function decodeRevertReason(data: Hex | undefined | null): string {
  if (!data || data === '0x') return 'reverted without a reason';
  try {
    const decoded = decodeErrorResult({ abi: REVERT_ABI, data });
    if (decoded.errorName === 'Error') return String(decoded.args[0]);
    return `panic 0x${(decoded.args[0] as bigint).toString(16)}`;
  } catch {
    return data.length >= 10 ? `custom error ${slice(data, 0, 4)}` : `reverted with ${data}`;
  }
}

/** Whole percent of supply from basis points (probe sizes are given in basis points). */
export const bpsToPercent = (bps: bigint | number): number => Number(bps) / 100;

/**
 * Sell tax at or above this means the holder gets (almost) nothing back: a honeypot in effect even
 * though the sell does not revert.
 */
export const EFFECTIVE_HONEYPOT_SELL_TAX = 95;
