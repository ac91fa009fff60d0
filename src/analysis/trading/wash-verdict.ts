import { formatUnits, getAddress, type Address } from 'viem';
import { clampScore, gradeOf } from '../scoring/grades';
import type { Trade } from './trade-extraction';
import type { FundingLink } from './funding-links';
import type { ClusterDraft } from './wash-clusters';
import {
  isNetZeroHighVolume,
  tradeKey,
  volumeOf,
  WASH_RULES,
  type Relay,
  type RoundTrip,
  type WalletStats,
} from './wash-patterns';
import type { SuspiciousWallet, WashCluster, WashReason } from './trading.types';

export interface WashFindings {
  trades: Trade[];
  totalVolume: bigint;
  stats: Map<string, WalletStats>;
  roundTrips: RoundTrip[];
  /** Relays that count (linked by funding or repeated). */
  relays: Relay[];
  clusters: ClusterDraft[];
  links: Map<string, FundingLink>;
  /** Net position per wallet over the window (raw), for the candidates. */
  net: Map<string, bigint>;
  /** Addresses holding code (routers, aggregators, MEV bots): never round-trip or net-zero suspects. */
  contracts: Set<string>;
  decimals: number;
}

export interface WashVerdict {
  detected: boolean;
  washVolume: bigint;
  washPercent: number;
  suspicious: SuspiciousWallet[];
  clusters: WashCluster[];
  score: number;
  grade: ReturnType<typeof gradeOf>;
}

const MAX_LISTED_WALLETS = 25;

/**
 * Wash volume counts each swap at most once: both legs of a round trip (the matched amount),
 * both legs of a counted relay, and every swap of a cluster member. Wallets that only trade a lot
 * with a flat position are listed but add no wash volume on their own.
 */
export function washVerdict(f: WashFindings, rules = WASH_RULES): WashVerdict {
  const washed = new Map<string, bigint>();
  const add = (t: Trade, amount: bigint) =>
    washed.set(tradeKey(t), minBig(t.amount, (washed.get(tradeKey(t)) ?? 0n) + amount));
  const reasons = new Map<string, Set<WashReason>>();
  const reason = (w: string, r: WashReason) => reasons.set(w, (reasons.get(w) ?? new Set()).add(r));
  for (const rt of f.roundTrips) {
    if (f.contracts.has(rt.wallet)) continue;
    add(rt.first, rt.amount);
    add(rt.second, rt.amount);
    reason(rt.wallet, 'round_trip');
  }
  for (const r of f.relays) {
    add(r.buy, r.buy.amount);
    add(r.sell, r.sell.amount);
    reason(r.from, 'relay');
    reason(r.to, 'relay');
  }
  const members = new Set(f.clusters.flatMap((c) => c.wallets));
  for (const t of f.trades) if (members.has(t.wallet)) add(t, t.amount);
  for (const m of members) reason(m, 'funding_cluster');
  for (const [wallet, net] of f.net) {
    const stats = f.stats.get(wallet);
    if (stats && !f.contracts.has(wallet) && isNetZeroHighVolume({ stats, net, totalVolume: f.totalVolume, rules }))
      reason(wallet, 'net_zero_high_volume');
  }
  const washVolume = [...washed.values()].reduce((a, b) => a + b, 0n);
  const washPercent = f.totalVolume > 0n ? round2((Number(washVolume) / Number(f.totalVolume)) * 100) : 0;
  const suspicious = listWallets(f, reasons);
  const detected = f.clusters.length > 0 || washPercent >= rules.detectPercent;
  const score = washScore({ washPercent, clusters: f.clusters.length, detected, suspicious: suspicious.length });
  return {
    detected,
    washVolume,
    washPercent,
    suspicious,
    clusters: f.clusters.map((c) => toCluster(c, f.decimals)),
    score,
    grade: gradeOf(score),
  };
}

/**
 * 100 minus the wash share of volume, minus 20 for a funding-linked ring, minus 15 once wash
 * trading is detected at all, minus 2 per other suspicious wallet (at most 10).
 */
export function washScore(p: { washPercent: number; clusters: number; detected: boolean; suspicious: number }): number {
  return clampScore(
    100 - p.washPercent - (p.clusters > 0 ? 20 : 0) - (p.detected ? 15 : 0) - Math.min(10, 2 * p.suspicious),
  );
}

function listWallets(f: WashFindings, reasons: Map<string, Set<WashReason>>): SuspiciousWallet[] {
  const units = (v: bigint) => Number(formatUnits(v, f.decimals));
  return [...reasons]
    .map(([wallet, set]) => {
      const s = f.stats.get(wallet)!;
      return {
        address: getAddress(wallet),
        reasons: [...set].sort(),
        volume: units(volumeOf(s)),
        bought: units(s.bought),
        sold: units(s.sold),
        net_position: units(f.net.get(wallet) ?? s.bought - s.sold),
        trades: s.buys + s.sells,
        funder: f.links.get(wallet) ? getAddress(f.links.get(wallet)!.funder) : null,
      };
    })
    .sort((a, b) => b.volume - a.volume)
    .slice(0, MAX_LISTED_WALLETS);
}

function toCluster(c: ClusterDraft, decimals: number): WashCluster {
  return {
    funder: getAddress(c.funder) as Address,
    wallets: c.wallets.map((w) => getAddress(w)),
    volume: Number(formatUnits(c.volume, decimals)),
    relays: c.relays,
  };
}

const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const round2 = (x: number): number => Math.round(x * 100) / 100;
