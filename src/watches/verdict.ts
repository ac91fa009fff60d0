import type { Address, Hex } from 'viem';
import type { TokenReport } from '../analysis/report/token-report';

/** What a watch compares from one scan to the next: a change in any of these is an alert. */
export interface Verdict {
  grade: string;
  score: number;
  risk: string;
  /** Whether holders can trade now: `closed` when every probe holder's transfer reverted. */
  trading: 'open' | 'closed' | 'unknown';
  honeypot: boolean;
  /** The owner powers found, as `kind status signature` (e.g. `pause live pause()`). */
  findings: string[];
  /** Powers in effect now: those that closed trading, while it is closed. */
  inUse: string[];
}

/** What a verdict change says: before and after of what moved, and the findings that came and went. */
export interface VerdictChange {
  grade?: { before: string; after: string };
  score?: { before: number; after: number };
  risk?: { before: string; after: string };
  trading?: { before: Verdict['trading']; after: Verdict['trading'] };
  honeypot?: { before: boolean; after: boolean };
  findingsAdded: string[];
  findingsRemoved: string[];
  nowInUse: string[];
  noLongerInUse: string[];
}

/** What the watcher follows for a token, taken from its report. */
export interface Follows {
  token: Address;
  /** The token's pools: their liquidity removed or their LP burned can change the verdict. */
  pools: Address[];
  /** Selectors of the token's owner powers: a transaction calling one is a power used. */
  selectors: Hex[];
  /** The creator, the owner and the largest holders but the pools: their moves out of the token (a dump) are followed. */
  holders: Address[];
}

const lower = <T extends string>(a: T): T => a.toLowerCase() as T;

export function verdictOf(report: TokenReport): Verdict {
  const contract = report.security?.contract;
  const trading = contract?.trading;
  const closed = trading?.open === false;
  return {
    grade: report.scores.grade,
    score: report.scores.serviceScore,
    risk: report.scores.risk,
    trading: trading?.open === true ? 'open' : closed ? 'closed' : 'unknown',
    honeypot: report.security?.simulation.isHoneypot === true,
    findings: (contract?.findings ?? [])
      .map((f) => `${f.kind} ${f.status} ${f.signature ?? f.selector ?? ''}`.trim())
      .sort(),
    inUse: closed ? [...new Set((trading?.closableBy ?? []).map((p) => p.kind))].sort() : [],
  };
}

export function followsOf(report: TokenReport, largestHolders = 10): Follows {
  const contract = report.security?.contract;
  const selectors = [
    ...(contract?.findings ?? []).map((f) => f.selector),
    ...(contract?.trading.openedBy ?? []).map((p) => p.selector),
    ...(contract?.trading.closableBy ?? []).map((p) => p.selector),
  ].filter((s): s is Hex => s !== null);
  const holders = [
    report.creator?.address,
    report.token.owner,
    ...(report.holders?.top_holders ?? []).slice(0, largestHolders).map((h) => h.address),
  ].filter((a): a is Address => typeof a === 'string');
  const pools = [...new Set((report.market?.tradingPairs ?? []).map((p) => lower(p.address)))];
  return {
    token: lower(report.address),
    pools,
    selectors: [...new Set(selectors.map(lower))],
    // A pool is often a large holder, but its tokens move on every trade: its liquidity is followed instead.
    holders: [...new Set(holders.map(lower))].filter((h) => !pools.includes(h)),
  };
}

/** The change from `before` to `after`, or null when the verdict is the same. */
export function verdictChange(before: Verdict, after: Verdict): VerdictChange | null {
  const moved = <K extends keyof Verdict>(k: K) =>
    before[k] === after[k] ? {} : { [k]: { before: before[k], after: after[k] } };
  const minus = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));
  const change: VerdictChange = {
    ...moved('grade'),
    ...moved('score'),
    ...moved('risk'),
    ...moved('trading'),
    ...moved('honeypot'),
    findingsAdded: minus(after.findings, before.findings),
    findingsRemoved: minus(before.findings, after.findings),
    nowInUse: minus(after.inUse, before.inUse),
    noLongerInUse: minus(before.inUse, after.inUse),
  };
  const same =
    Object.keys(change).length === 4 &&
    [change.findingsAdded, change.findingsRemoved, change.nowInUse, change.noLongerInUse].every((l) => l.length === 0);
  return same ? null : change;
}
