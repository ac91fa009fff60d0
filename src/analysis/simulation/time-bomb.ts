import type { SimulationSection, TimeBombChange, TimeBombCheck, TimeProbe } from './simulation.types';

/** A later tax this many points above today's is a change worth reporting. */
export const TAX_RISE_POINTS = 10;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Where the round trip is repeated: a block count, and times from an hour to a week. */
export const TIME_PROBES: readonly { label: string; seconds?: number; blocks?: number }[] = [
  { label: '+1000 blocks', blocks: 1000 },
  { label: '+1 hour', seconds: HOUR },
  { label: '+1 day', seconds: DAY },
  { label: '+7 days', seconds: 7 * DAY },
];

export interface ProbeTarget {
  label: string;
  afterSeconds: number;
  afterBlocks: number;
  blockNumber: bigint;
  timestamp: bigint;
}

/**
 * The block each probe overrides to, from the head and the chain's block time: a time probe moves
 * the block number by as many blocks as fit in it, a block probe moves the clock by their time.
 * Sorted by time, so the first probe that differs bounds when a change takes effect.
 */
export function probeTargets(head: { number: bigint; timestamp: bigint }, blockTimeMs: number): ProbeTarget[] {
  return TIME_PROBES.map((p) => {
    const afterSeconds = p.seconds ?? Math.round(((p.blocks ?? 0) * blockTimeMs) / 1000);
    const afterBlocks = p.blocks ?? Math.max(1, Math.floor((afterSeconds * 1000) / blockTimeMs));
    return {
      label: p.label,
      afterSeconds,
      afterBlocks,
      blockNumber: head.number + BigInt(afterBlocks),
      timestamp: head.timestamp + BigInt(afterSeconds),
    };
  }).sort((a, b) => a.afterSeconds - b.afterSeconds);
}

/** A probe's round trip, reduced to what is compared with now. */
export function probeOf(target: ProbeTarget, later: SimulationSection | { failed: string }): TimeProbe {
  const base = {
    label: target.label,
    afterSeconds: target.afterSeconds,
    afterBlocks: target.afterBlocks,
    blockNumber: Number(target.blockNumber),
    timestamp: Number(target.timestamp),
  };
  if ('failed' in later)
    return {
      ...base,
      possible: false,
      buySucceeded: null,
      sellSucceeded: null,
      buyTax: null,
      sellTax: null,
      revertReason: later.failed,
    };
  const [buy, , sell] = later.legs;
  const failing = [buy, sell].find((leg) => leg?.attempted && !leg.succeeded);
  return {
    ...base,
    possible: later.possible,
    buySucceeded: later.possible && buy ? buy.succeeded : null,
    sellSucceeded: later.possible && sell?.attempted ? sell.succeeded : null,
    buyTax: later.buyTax,
    sellTax: later.sellTax,
    revertReason: failing?.revertReason ?? (later.possible ? null : later.detail),
  };
}

/**
 * Compares each later round trip with today's, in time order; the first that differs is the time
 * bomb. Only a token that trades fairly now can have one (a honeypot today is reported as such).
 */
export function timeBombOf(now: SimulationSection, probes: TimeProbe[]): TimeBombCheck | null {
  const [buy, , sell] = now.legs;
  if (!now.possible || !buy?.succeeded || !sell?.succeeded || now.isHoneypot) return null;
  let previous = 0;
  for (const probe of probes) {
    const change = changeOf(now, probe);
    if (change) {
      return {
        detected: true,
        change: change.kind,
        detail: `${change.what} between ${span(previous)} and ${span(probe.afterSeconds)} from now (at the latest ${new Date(probe.timestamp * 1000).toISOString()}, block ${probe.blockNumber})`,
        effectiveAfterSeconds: previous,
        effectiveBySeconds: probe.afterSeconds,
        effectiveBy: new Date(probe.timestamp * 1000).toISOString(),
        probes,
      };
    }
    if (probe.possible) previous = probe.afterSeconds;
  }
  return {
    detected: false,
    change: null,
    detail: null,
    effectiveAfterSeconds: null,
    effectiveBySeconds: null,
    effectiveBy: null,
    probes,
  };
}

function changeOf(now: SimulationSection, probe: TimeProbe): { kind: TimeBombChange; what: string } | null {
  if (!probe.possible) return null;
  if (probe.buySucceeded === false)
    return { kind: 'buy_blocked', what: `buying starts to revert (${probe.revertReason ?? 'no reason'})` };
  if (probe.sellSucceeded === false)
    return { kind: 'sell_blocked', what: `selling starts to revert (${probe.revertReason ?? 'no reason'})` };
  if (rises(now.sellTax, probe.sellTax))
    return { kind: 'sell_tax_rises', what: `the sell tax rises from ${now.sellTax}% to ${probe.sellTax}%` };
  if (rises(now.buyTax, probe.buyTax))
    return { kind: 'buy_tax_rises', what: `the buy tax rises from ${now.buyTax}% to ${probe.buyTax}%` };
  return null;
}

const rises = (now: number | null, later: number | null): boolean =>
  later !== null && later - (now ?? 0) >= TAX_RISE_POINTS;

function span(seconds: number): string {
  if (seconds === 0) return 'now';
  if (seconds % DAY === 0) return `${seconds / DAY} day${seconds === DAY ? '' : 's'}`;
  if (seconds % HOUR === 0) return `${seconds / HOUR} hour${seconds === HOUR ? '' : 's'}`;
  if (seconds >= HOUR) return `${(seconds / HOUR).toFixed(1)} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}
