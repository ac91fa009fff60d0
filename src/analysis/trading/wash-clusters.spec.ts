import { chronological, link, trade, wallet } from './trading.fixtures';
import type { FundingLink } from './funding-links';
import { fundingClusters, linkedRelays, observedHubs } from './wash-clusters';
import { findRelays, walletStats, WASH_RULES } from './wash-patterns';
import type { Trade } from './trade-extraction';

const RING = [wallet(1), wallet(2), wallet(3)];
const FUNDER = wallet(50);
const EXCHANGE = wallet(60);

/** The devnet's ring: each round one member buys, the next sells the same amount two blocks later. */
function ringTrades(rounds: number): Trade[] {
  const trades: Trade[] = [];
  for (let i = 0; i < rounds; i++) {
    const amount = BigInt(1_000 + i * 37);
    trades.push(trade({ wallet: RING[i % 3], side: 'buy', amount, block: 10 * i }));
    trades.push(trade({ wallet: RING[(i + 1) % 3], side: 'sell', amount, block: 10 * i + 2 }));
  }
  return chronological(trades);
}

function clustersOf(trades: Trade[], links: Map<string, FundingLink>, net = new Map<string, bigint>()) {
  const stats = walletStats(trades);
  const relays = findRelays(trades);
  const hubs = observedHubs(links);
  return fundingClusters({ wallets: [...stats.values()], links, relays, hubs, net });
}

describe('fundingClusters', () => {
  it('finds the ring funded by one wallet, keyed by that funder', () => {
    const links = new Map(RING.map((w) => [w, link(FUNDER)]));
    const sut = clustersOf(ringTrades(9), links);
    expect(sut).toHaveLength(1);
    expect(sut[0]).toMatchObject({ funder: FUNDER, wallets: [...RING].sort(), relays: 9 });
  });

  it('links a wallet funded by another member (the ring funds itself)', () => {
    const links = new Map([
      [RING[1], link(RING[0])],
      [RING[2], link(RING[0])],
    ]);
    const sut = clustersOf(ringTrades(9), links);
    expect(sut).toHaveLength(1);
    expect(sut[0].wallets).toEqual([...RING].sort());
    expect(sut[0].funder).toBe(RING[0]);
  });

  it('never links through an exchange/hub that funded hubMinRecipients wallets', () => {
    const crowd = Array.from({ length: WASH_RULES.hubMinRecipients }, (_, i) => wallet(100 + i));
    const links = new Map([...RING, ...crowd].map((w) => [w, link(EXCHANGE)]));
    expect(observedHubs(links)).toEqual(new Set([EXCHANGE]));
    expect(clustersOf(ringTrades(9), links)).toEqual([]);
  });

  it('ignores co-funded wallets that do not trade like a ring', () => {
    // A sniper bundle: one buy and one dump each, no hand-overs.
    const trades = chronological(
      RING.flatMap((w, i) => [
        trade({ wallet: w, side: 'buy', amount: 10n + BigInt(i), block: 1 }),
        trade({ wallet: w, side: 'sell', amount: 10n + BigInt(i), block: 90 }),
      ]),
    );
    const links = new Map(RING.map((w) => [w, link(FUNDER)]));
    expect(clustersOf(trades, links)).toEqual([]);
  });

  it('keeps co-funded churners whose combined position stays flat, without hand-overs', () => {
    const trades = chronological(
      RING.flatMap((w, i) =>
        [0, 1].flatMap((k) => [
          trade({ wallet: w, side: 'buy', amount: 100n, block: 50 * i + 20 * k }),
          trade({ wallet: w, side: 'sell', amount: 100n, block: 50 * i + 20 * k + 9 }),
        ]),
      ),
    );
    const links = new Map(RING.map((w) => [w, link(FUNDER)]));
    expect(clustersOf(trades, links)).toHaveLength(1);
    const drifting = new Map(RING.map((w) => [w, 200n]));
    expect(clustersOf(trades, links, drifting)).toEqual([]);
  });
});

describe('linkedRelays', () => {
  it('counts relays inside a cluster, between funder and funded, or repeated; not a lone coincidence', () => {
    const trades = ringTrades(2);
    const relays = findRelays(trades);
    expect(linkedRelays({ relays, clusters: [], links: new Map() })).toEqual([]);
    expect(linkedRelays({ relays, clusters: [], links: new Map([[RING[1], link(RING[0])]]) })).toHaveLength(1);
    const cluster = { funder: FUNDER, wallets: RING, fundedAt: 1, relays: 2, volume: 1n };
    expect(linkedRelays({ relays, clusters: [cluster], links: new Map() })).toHaveLength(2);
    const repeated = findRelays(
      chronological(
        [0, 1, 2].flatMap((i) => [
          trade({ wallet: RING[0], side: 'buy', amount: 5n + BigInt(i), block: 10 * i }),
          trade({ wallet: RING[1], side: 'sell', amount: 5n + BigInt(i), block: 10 * i + 1 }),
        ]),
      ),
    );
    expect(linkedRelays({ relays: repeated, clusters: [], links: new Map() })).toHaveLength(WASH_RULES.repeatedRelays);
  });
});
