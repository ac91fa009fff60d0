/**
 * Finds the first block of "the last N seconds of chain time" in two batched rounds of header
 * fetches, correct whether block times are regular (mainnets) or not (the devnet mines on demand):
 * round one samples blocks around the block-time estimate and evenly over a wide span, which
 * brackets the start; round two fetches every block inside a narrow bracket (exact) or samples a
 * wide one and interpolates.
 */
export interface BlockStamp {
  number: number;
  timestamp: number;
}

export const DAY_SECONDS = 86_400;
/** Headers fetched at most in the second round. */
export const MAX_FINE_HEADERS = 64;
/** Points spread evenly over four estimated windows, for chains whose real block time is far off. */
const EVEN_POINTS = 12;
/** Multiples of the estimated window length: dense near 1, where a well-configured chain lands. */
const ESTIMATE_MULTIPLES = [0.5, 0.9, 0.95, 0.98, 0.99, 0.995, 1, 1.005, 1.01, 1.02, 1.05, 1.1, 1.25, 1.5, 2, 3, 4];

/** Blocks estimated to span the window, from the configured block time. */
export function estimatedWindowBlocks(windowSeconds: number, blockTimeMs: number): number {
  return Math.max(1, Math.ceil((windowSeconds * 1000) / Math.max(1, blockTimeMs)));
}

/** Round one: block numbers (ascending, below `latest`) whose headers bracket the window start. */
export function coarseProbeBlocks(params: { latest: number; windowSeconds: number; blockTimeMs: number }): number[] {
  const { latest } = params;
  const estimate = estimatedWindowBlocks(params.windowSeconds, params.blockTimeMs);
  const lowest = Math.max(0, latest - 4 * estimate);
  const points = new Set<number>([lowest]);
  for (const m of ESTIMATE_MULTIPLES) points.add(Math.max(0, latest - Math.round(estimate * m)));
  for (let i = 1; i < EVEN_POINTS; i++) points.add(lowest + Math.floor(((latest - lowest) * i) / EVEN_POINTS));
  return [...points].filter((n) => n < latest).sort((a, b) => a - b);
}

export interface Bracket {
  /** Newest known block older than the target time; null when every known block is in the window. */
  below: BlockStamp | null;
  /** Oldest known block at or after the target time (the latest block at worst). */
  above: BlockStamp;
}

/** Narrowest bracket of `target` among known headers (timestamps never decrease with height). */
export function bracketStart(target: number, stamps: BlockStamp[]): Bracket {
  const sorted = [...stamps].sort((a, b) => a.number - b.number);
  if (sorted.length === 0) throw new Error('bracketStart needs at least the latest block');
  let below: BlockStamp | null = null;
  for (const s of sorted) if (s.timestamp < target) below = s;
  const above =
    sorted.find((s) => s.timestamp >= target && (!below || s.number > below.number)) ?? sorted[sorted.length - 1];
  return { below, above };
}

/** Round two: every block strictly inside the bracket when few, else an even sample of them. */
export function fineProbeBlocks(bracket: Bracket, maxHeaders = MAX_FINE_HEADERS): number[] {
  if (!bracket.below) return [];
  const first = bracket.below.number + 1;
  const gap = bracket.above.number - first;
  if (gap <= 0) return [];
  if (gap <= maxHeaders) return Array.from({ length: gap }, (_, i) => first + i);
  return Array.from({ length: maxHeaders }, (_, i) => first + Math.floor(((i + 1) * gap) / (maxHeaders + 1)));
}

export interface WindowStart {
  fromBlock: number;
  /** fromBlock is exactly the oldest block with timestamp ≥ target. */
  exact: boolean;
}

/**
 * The window's first block from the narrowest bracket. Exact when the bracket is two neighbours
 * (or the genesis is in the window); otherwise interpolated by timestamp inside the bracket.
 */
export function resolveStart(target: number, bracket: Bracket): WindowStart {
  const { below, above } = bracket;
  if (!below) return { fromBlock: above.number, exact: above.number === 0 };
  if (above.number - below.number <= 1) return { fromBlock: above.number, exact: true };
  const span = Math.max(1, above.timestamp - below.timestamp);
  const offset = Math.ceil(((target - below.timestamp) / span) * (above.number - below.number));
  return { fromBlock: Math.min(above.number, Math.max(below.number + 1, below.number + offset)), exact: false };
}

/** First block whose logs can belong to the window: just above the bracket's lower end. */
export function scanFromBlock(bracket: Bracket): number {
  return bracket.below ? bracket.below.number + 1 : bracket.above.number;
}
