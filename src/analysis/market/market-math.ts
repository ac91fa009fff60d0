import { formatUnits } from 'viem';
import type { LiquidityStatus } from './market.types';

/**
 * Liquidity labels by total pool liquidity in USD (both sides). Chosen so a label says how a
 * trade of ordinary size behaves: ≥ $1M absorbs five-figure trades with < 1% impact; under $10k a
 * $100 trade already moves the price about 2%. Under $1 the pools are dust (drained or never
 * funded) and count as NONE.
 */
export const LIQUIDITY_THRESHOLDS_USD: readonly { status: LiquidityStatus; minUsd: number }[] = [
  { status: 'EXCELLENT', minUsd: 1_000_000 },
  { status: 'GOOD', minUsd: 250_000 },
  { status: 'MODERATE', minUsd: 50_000 },
  { status: 'LOW', minUsd: 10_000 },
  { status: 'VERY_LOW', minUsd: 1 },
];

export function liquidityStatus(totalUsd: number | null): LiquidityStatus {
  if (totalUsd === null) return 'UNKNOWN';
  return LIQUIDITY_THRESHOLDS_USD.find((t) => totalUsd >= t.minUsd)?.status ?? 'NONE';
}

/** Below this a pair is dust: listed, but not used for the price (its ratio is meaningless). */
export const DUST_LIQUIDITY_USD = 1;
/** The same test when the quote has no USD price: less than a millionth of one quote token. */
export const DUST_QUOTE_UNITS = 1e-6;

export const toUnits = (raw: bigint, decimals: number): number => Number(formatUnits(raw, decimals));

/** Price of one whole token in the quote token, from a V2 pair's reserves; null for an empty side. */
export function priceInQuote(params: {
  tokenReserve: bigint;
  quoteReserve: bigint;
  tokenDecimals: number;
  quoteDecimals: number;
}): number | null {
  if (params.tokenReserve <= 0n || params.quoteReserve <= 0n) return null;
  return toUnits(params.quoteReserve, params.quoteDecimals) / toUnits(params.tokenReserve, params.tokenDecimals);
}

/**
 * Price of one whole token in the quote token on a Solidly stable curve (x³y + xy³ = k, amounts in
 * whole units): the curve's slope, (3x²y + y³) / (x³ + 3xy²). Null for an empty side.
 */
export function stablePriceInQuote(params: {
  tokenReserve: bigint;
  quoteReserve: bigint;
  tokenDecimals: number;
  quoteDecimals: number;
}): number | null {
  if (params.tokenReserve <= 0n || params.quoteReserve <= 0n) return null;
  const x = toUnits(params.tokenReserve, params.tokenDecimals);
  const y = toUnits(params.quoteReserve, params.quoteDecimals);
  return (3 * x * x * y + y ** 3) / (x ** 3 + 3 * x * y * y);
}

/** A V2 pool holds equal value on both sides, so its liquidity is twice the quote side. */
export function liquidityUsd(quoteReserve: bigint, quoteDecimals: number, quoteUsd: number | null): number | null {
  return quoteUsd === null ? null : 2 * toUnits(quoteReserve, quoteDecimals) * quoteUsd;
}

/** Percent change, null when either side is unknown or the old value is zero. */
export function percentChange(before: number | null, after: number | null): number | null {
  if (before === null || after === null || before === 0) return null;
  return ((after - before) / before) * 100;
}

export interface Reserves {
  reserve0: bigint;
  reserve1: bigint;
}

/**
 * Pool event: V2 Swap(sender, a0In, a1In, a0Out, a1Out, to) / Sync(r0, r1), Solidly's Swap and Sync
 * (same amounts), or a V3 Swap's signed amounts split into in and out.
 */
export type PairEvent =
  | { kind: 'sync'; blockNumber: number; logIndex: number; reserve0: bigint; reserve1: bigint }
  | {
      kind: 'swap';
      blockNumber: number;
      logIndex: number;
      amount0In: bigint;
      amount1In: bigint;
      amount0Out: bigint;
      amount1Out: bigint;
    };

const byPosition = (a: PairEvent, b: PairEvent): number => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;

/**
 * A pair's reserves just before its first event in the window (= at the window's start).
 * A V2 swap emits Sync (reserves after) then Swap in the same transaction, so undoing the swap's
 * amounts on that Sync gives the reserves before it. A Sync not followed by a Swap comes from a
 * mint or burn, which keeps the ratio (the price), so its reserves stand for the start. No event
 * in the window: nothing changed, the current reserves are the start.
 */
export function reservesAtStart(current: Reserves, events: PairEvent[]): Reserves {
  const sorted = [...events].sort(byPosition);
  const first = sorted.findIndex((e) => e.kind === 'sync');
  if (first < 0) return undoSwaps(current, sorted);
  const sync = sorted[first] as Extract<PairEvent, { kind: 'sync' }>;
  const next = sorted[first + 1];
  if (next?.kind !== 'swap' || next.blockNumber !== sync.blockNumber || next.logIndex !== sync.logIndex + 1) {
    return { reserve0: sync.reserve0, reserve1: sync.reserve1 };
  }
  return {
    reserve0: sync.reserve0 - next.amount0In + next.amount0Out,
    reserve1: sync.reserve1 - next.amount1In + next.amount1Out,
  };
}

/**
 * Reserves before a list of swaps and no Sync (a V3 pool): every swap undone on the current
 * reserves. On V3 virtual reserves this is exact while the swaps stayed inside the current range.
 * No swap: the current reserves.
 */
function undoSwaps(current: Reserves, events: PairEvent[]): Reserves {
  if (!events.some((e) => e.kind === 'swap')) return current;
  let { reserve0, reserve1 } = current;
  for (const e of events) {
    if (e.kind !== 'swap') continue;
    reserve0 += e.amount0Out - e.amount0In;
    reserve1 += e.amount1Out - e.amount1In;
  }
  return reserve0 > 0n && reserve1 > 0n ? { reserve0, reserve1 } : current;
}

/** Quote-token volume of a pair's swaps (in + out on the quote side), raw units, and the swap count. */
export function quoteVolume(events: PairEvent[], quoteIsToken0: boolean): { volume: bigint; swaps: number } {
  let volume = 0n;
  let swaps = 0;
  for (const e of events) {
    if (e.kind !== 'swap') continue;
    swaps++;
    volume += quoteIsToken0 ? e.amount0In + e.amount0Out : e.amount1In + e.amount1Out;
  }
  return { volume, swaps };
}

/** Orders a pair's reserves as (token side, quote side); V2 pairs sort their tokens by address. */
export function sidesOf(reserves: Reserves, quoteIsToken0: boolean): { token: bigint; quote: bigint } {
  return quoteIsToken0
    ? { token: reserves.reserve1, quote: reserves.reserve0 }
    : { token: reserves.reserve0, quote: reserves.reserve1 };
}

/** V2 factories store token0 = the lower address; every V2 fork keeps that rule. */
export const isToken0 = (a: string, b: string): boolean => a.toLowerCase() < b.toLowerCase();
