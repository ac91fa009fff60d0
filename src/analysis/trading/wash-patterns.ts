import type { Trade } from './trade-extraction';

/**
 * Behaviour patterns of wash trading found in a list of attributed swaps (pure; no chain access).
 * Block distances, not seconds: a pattern "within a few blocks" is what a bot or a script does,
 * whatever the chain's block time.
 */
export const WASH_RULES = {
  /** Same wallet buys and sells (either order) within this many blocks: a round trip. */
  roundTripBlocks: 3,
  /** ...and within this many seconds when logs carry block times (chains with sparse blocks). */
  roundTripSeconds: 60,
  /** One wallet buys, another sells the same amount within this many blocks: a hand-over (relay). */
  relayBlocks: 5,
  /** "Same amount" for a relay, in basis points (0.2 %: exact hand-overs, fee-less tokens). */
  relayToleranceBps: 20n,
  /** Hand-overs between two wallets that count without any funding link. */
  repeatedRelays: 3,
  /** A wallet holding at least this share of the window's volume is "high volume". */
  highVolumeShare: 0.05,
  /** |net position| at most this fraction of the wallet's volume is "near zero". */
  netZeroRatio: 0.1,
  minTradesNetZero: 4,
  /** A funder that paid this many wallets is an exchange or a hub, never a cluster link. */
  hubMinRecipients: 10,
  /** Wallets whose funding is looked up (highest volume first). */
  maxCandidates: 40,
  /** Wash share of volume (percent) above which wash trading is reported even without a cluster. */
  detectPercent: 5,
};

export interface WalletStats {
  wallet: string;
  bought: bigint;
  sold: bigint;
  buys: number;
  sells: number;
  firstBlock: number;
}

export interface RoundTrip {
  wallet: string;
  amount: bigint;
  first: Trade;
  second: Trade;
}

export interface Relay {
  from: string;
  to: string;
  buy: Trade;
  sell: Trade;
}

export const tradeKey = (t: Trade): string => `${t.tx}:${t.logIndex}`;

export function walletStats(trades: Trade[]): Map<string, WalletStats> {
  const stats = new Map<string, WalletStats>();
  for (const t of trades) {
    const s = stats.get(t.wallet) ?? { wallet: t.wallet, bought: 0n, sold: 0n, buys: 0, sells: 0, firstBlock: t.block };
    if (t.side === 'buy') {
      s.bought += t.amount;
      s.buys++;
    } else {
      s.sold += t.amount;
      s.sells++;
    }
    s.firstBlock = Math.min(s.firstBlock, t.block);
    stats.set(t.wallet, s);
  }
  return stats;
}

export const volumeOf = (s: WalletStats): bigint => s.bought + s.sold;

/**
 * Same-wallet round trips: each leg is matched (FIFO, partially when amounts differ) against the
 * wallet's open legs of the other side at most `roundTripBlocks` (and `roundTripSeconds`) earlier.
 */
export function findRoundTrips(trades: Trade[], rules = WASH_RULES): RoundTrip[] {
  const open = new Map<string, { trade: Trade; left: bigint }[]>();
  const trips: RoundTrip[] = [];
  for (const t of trades) {
    const legs = (open.get(t.wallet) ?? []).filter((l) => l.left > 0n && withinRoundTrip(l.trade, t, rules));
    let left = t.amount;
    for (const leg of legs) {
      if (left === 0n || leg.trade.side === t.side) continue;
      const amount = leg.left < left ? leg.left : left;
      leg.left -= amount;
      left -= amount;
      trips.push({ wallet: t.wallet, amount, first: leg.trade, second: t });
    }
    if (left > 0n) legs.push({ trade: t, left });
    open.set(t.wallet, legs);
  }
  return trips;
}

function withinRoundTrip(earlier: Trade, later: Trade, rules: typeof WASH_RULES): boolean {
  if (later.block - earlier.block > rules.roundTripBlocks) return false;
  return (
    earlier.timestamp === undefined ||
    later.timestamp === undefined ||
    later.timestamp - earlier.timestamp <= rules.roundTripSeconds
  );
}

/**
 * Hand-overs: a sell by one wallet of (nearly) exactly what another bought at most `relayBlocks`
 * earlier — the tokens were passed on between them and sold, a ring's back-and-forth. Each buy is
 * used once, the latest fitting one first.
 */
export function findRelays(trades: Trade[], rules = WASH_RULES): Relay[] {
  const buys: Trade[] = [];
  const used = new Set<string>();
  const relays: Relay[] = [];
  for (const t of trades) {
    if (t.side === 'buy') {
      buys.push(t);
      continue;
    }
    for (let i = buys.length - 1; i >= 0; i--) {
      const b = buys[i];
      if (t.block - b.block > rules.relayBlocks) break;
      if (used.has(tradeKey(b)) || b.wallet === t.wallet || !sameAmount(b.amount, t.amount, rules.relayToleranceBps))
        continue;
      used.add(tradeKey(b));
      relays.push({ from: b.wallet, to: t.wallet, buy: b, sell: t });
      break;
    }
  }
  return relays;
}

function sameAmount(a: bigint, b: bigint, toleranceBps: bigint): boolean {
  const diff = a > b ? a - b : b - a;
  return diff * 10_000n <= a * toleranceBps;
}

/** Unordered wallet pair, for counting repeated hand-overs. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function relayCounts(relays: Relay[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of relays) counts.set(pairKey(r.from, r.to), (counts.get(pairKey(r.from, r.to)) ?? 0) + 1);
  return counts;
}

/**
 * Wallets worth a funding lookup: every round-tripper and relay party, then the highest-volume
 * wallets (at least highVolumeShare of the volume), capped at maxCandidates, highest volume first.
 */
export function washCandidates(params: {
  stats: Map<string, WalletStats>;
  roundTrips: RoundTrip[];
  relays: Relay[];
  totalVolume: bigint;
  rules?: typeof WASH_RULES;
}): WalletStats[] {
  const rules = params.rules ?? WASH_RULES;
  const wanted = new Set<string>([
    ...params.roundTrips.map((r) => r.wallet),
    ...params.relays.flatMap((r) => [r.from, r.to]),
  ]);
  for (const s of params.stats.values()) if (isHighVolume(s, params.totalVolume, rules)) wanted.add(s.wallet);
  return [...wanted]
    .map((w) => params.stats.get(w)!)
    .sort((a, b) => (volumeOf(b) > volumeOf(a) ? 1 : volumeOf(b) < volumeOf(a) ? -1 : 0))
    .slice(0, rules.maxCandidates);
}

export function isHighVolume(s: WalletStats, totalVolume: bigint, rules = WASH_RULES): boolean {
  return totalVolume > 0n && Number(volumeOf(s)) / Number(totalVolume) >= rules.highVolumeShare;
}

/** High volume, both sides traded, and the position barely moved over the window. */
export function isNetZeroHighVolume(params: {
  stats: WalletStats;
  net: bigint;
  totalVolume: bigint;
  rules?: typeof WASH_RULES;
}): boolean {
  const rules = params.rules ?? WASH_RULES;
  const s = params.stats;
  if (s.buys === 0 || s.sells === 0 || s.buys + s.sells < rules.minTradesNetZero) return false;
  if (!isHighVolume(s, params.totalVolume, rules)) return false;
  const net = params.net < 0n ? -params.net : params.net;
  return Number(net) <= rules.netZeroRatio * Number(volumeOf(s));
}
