import type { FundingLink } from './funding-links';
import { pairKey, volumeOf, WASH_RULES, type Relay, type WalletStats } from './wash-patterns';

/** Wallets tied by who funded them, before and after ruling out hubs. */
export interface ClusterDraft {
  /** Lower-cased funder: the shared first funder, or the member that funded the others. */
  funder: string;
  wallets: string[];
  /** Block of the earliest funding transfer into a member (for the hub check). */
  fundedAt: number;
  relays: number;
  volume: bigint;
}

/** Funders that paid at least hubMinRecipients of the looked-up wallets: exchanges, no check needed. */
export function observedHubs(links: Map<string, FundingLink>, rules = WASH_RULES): Set<string> {
  const counts = new Map<string, number>();
  for (const link of links.values()) counts.set(link.funder, (counts.get(link.funder) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= rules.hubMinRecipients).map(([f]) => f));
}

/**
 * Connected groups of wallets linked by funding: same first funder (not a hub), or one funded the
 * other. Kept when they behave like a ring: a hand-over between members, or every member traded
 * both ways repeatedly (minTradesNetZero) while the group's combined position barely moved.
 */
export function fundingClusters(params: {
  wallets: WalletStats[];
  links: Map<string, FundingLink>;
  relays: Relay[];
  hubs: Set<string>;
  net: Map<string, bigint>;
  rules?: typeof WASH_RULES;
}): ClusterDraft[] {
  const rules = params.rules ?? WASH_RULES;
  const groups = groupByFunder(
    params.wallets.map((w) => w.wallet),
    params.links,
    params.hubs,
  );
  const stats = new Map(params.wallets.map((w) => [w.wallet, w]));
  const drafts: ClusterDraft[] = [];
  for (const [funder, members] of groups) {
    if (members.length < 2) continue;
    const inGroup = new Set(members);
    const relays = params.relays.filter((r) => inGroup.has(r.from) && inGroup.has(r.to)).length;
    const memberStats = members.map((m) => stats.get(m)!);
    const volume = memberStats.reduce((sum, s) => sum + volumeOf(s), 0n);
    const net = members.reduce((sum, m) => sum + (params.net.get(m) ?? 0n), 0n);
    // Churn, not a single buy-then-sell: a sniper bundle that bought once and dumped is flat too.
    const churning = memberStats.every((s) => s.buys > 0 && s.sells > 0 && s.buys + s.sells >= rules.minTradesNetZero);
    const flat = Number(net < 0n ? -net : net) <= rules.netZeroRatio * Number(volume);
    if (relays === 0 && !(churning && flat)) continue;
    const fundedAt = Math.min(...members.map((m) => params.links.get(m)?.block ?? Infinity));
    drafts.push({
      funder,
      wallets: [...members].sort(),
      fundedAt: Number.isFinite(fundedAt) ? fundedAt : 0,
      relays,
      volume,
    });
  }
  return drafts.sort((a, b) => (b.volume > a.volume ? 1 : -1));
}

/**
 * Union-find over "shares a non-hub funder" and "funded the other": each group is keyed by the
 * funder most of its members share (the member that funded the others when the ring funds itself).
 */
function groupByFunder(wallets: string[], links: Map<string, FundingLink>, hubs: Set<string>): Map<string, string[]> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    while (parent.get(x) !== x) x = parent.get(x)!;
    return x;
  };
  const union = (a: string, b: string) => parent.set(find(a), find(b));
  for (const w of wallets) parent.set(w, w);
  const byFunder = new Map<string, string>();
  for (const w of wallets) {
    const funder = links.get(w)?.funder;
    if (!funder || hubs.has(funder)) continue;
    if (parent.has(funder)) union(w, funder);
    const first = byFunder.get(funder);
    if (first) union(w, first);
    else byFunder.set(funder, w);
  }
  const groups = new Map<string, string[]>();
  for (const w of wallets) groups.set(find(w), [...(groups.get(find(w)) ?? []), w]);
  const keyed = new Map<string, string[]>();
  for (const members of groups.values()) keyed.set(commonFunder(members, links), members);
  return keyed;
}

function commonFunder(members: string[], links: Map<string, FundingLink>): string {
  const inGroup = new Set(members);
  const counts = new Map<string, number>();
  for (const m of members) {
    const f = links.get(m)?.funder;
    if (f) counts.set(f, (counts.get(f) ?? 0) + (inGroup.has(f) ? 0.5 : 1));
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best?.[0] ?? members[0];
}

/** Relays whose two wallets are in one cluster, one funded the other, or that repeat between them. */
export function linkedRelays(params: {
  relays: Relay[];
  clusters: ClusterDraft[];
  links: Map<string, FundingLink>;
  rules?: typeof WASH_RULES;
}): Relay[] {
  const rules = params.rules ?? WASH_RULES;
  const clusterOf = new Map<string, number>();
  params.clusters.forEach((c, i) => c.wallets.forEach((w) => clusterOf.set(w, i)));
  const repeats = new Map<string, number>();
  for (const r of params.relays) repeats.set(pairKey(r.from, r.to), (repeats.get(pairKey(r.from, r.to)) ?? 0) + 1);
  return params.relays.filter((r) => {
    const sameCluster = clusterOf.has(r.from) && clusterOf.get(r.from) === clusterOf.get(r.to);
    const direct = params.links.get(r.to)?.funder === r.from || params.links.get(r.from)?.funder === r.to;
    return sameCluster || direct || (repeats.get(pairKey(r.from, r.to)) ?? 0) >= rules.repeatedRelays;
  });
}
