import { chronological, link, trade, wallet } from './trading.fixtures';
import type { ClusterDraft } from './wash-clusters';
import { findRelays, findRoundTrips, walletStats } from './wash-patterns';
import { washScore, washVerdict, type WashFindings } from './wash-verdict';
import type { Trade } from './trade-extraction';

const A = wallet(1);
const B = wallet(2);
const C = wallet(3);
const E18 = 10n ** 18n;

function findings(trades: Trade[], overrides: Partial<WashFindings> = {}): WashFindings {
  const sorted = chronological(trades);
  return {
    trades: sorted,
    totalVolume: sorted.reduce((s, t) => s + t.amount, 0n),
    stats: walletStats(sorted),
    roundTrips: findRoundTrips(sorted),
    relays: [],
    clusters: [],
    links: new Map(),
    net: new Map(),
    contracts: new Set(),
    decimals: 18,
    ...overrides,
  };
}

describe('washVerdict', () => {
  it('counts both legs of a round trip as wash volume', () => {
    const sut = washVerdict(
      findings([
        trade({ wallet: A, side: 'buy', amount: 10n * E18 }),
        trade({ wallet: A, side: 'sell', amount: 10n * E18 }),
        trade({ wallet: B, side: 'buy', amount: 80n * E18 }),
      ]),
    );
    expect(sut.washPercent).toBe(20);
    expect(sut.detected).toBe(true);
    expect(sut.suspicious).toEqual([expect.objectContaining({ reasons: ['round_trip'], volume: 20, net_position: 0 })]);
  });

  it('does not count round trips of contracts (routers, aggregators, MEV bots)', () => {
    const sut = washVerdict(
      findings([trade({ wallet: A, side: 'buy', amount: E18 }), trade({ wallet: A, side: 'sell', amount: E18 })], {
        contracts: new Set([A]),
      }),
    );
    expect(sut.washPercent).toBe(0);
    expect(sut.detected).toBe(false);
    expect(sut.score).toBe(100);
    expect(sut.grade).toBe('A+');
  });

  it('counts every trade of a cluster member once, and reports the cluster with its funder', () => {
    const trades = chronological([
      trade({ wallet: A, side: 'buy', amount: 30n * E18, block: 1 }),
      trade({ wallet: B, side: 'sell', amount: 30n * E18, block: 2 }),
      trade({ wallet: C, side: 'buy', amount: 40n * E18, block: 50 }),
    ]);
    const cluster: ClusterDraft = { funder: wallet(9), wallets: [A, B], fundedAt: 0, relays: 1, volume: 60n * E18 };
    const links = new Map([
      [A, link(wallet(9))],
      [B, link(wallet(9))],
    ]);
    const sut = washVerdict(findings(trades, { relays: findRelays(trades), clusters: [cluster], links }));
    expect(sut.washPercent).toBe(60);
    expect(sut.clusters).toEqual([
      {
        funder: '0x0000000000000000000000000000000000000009',
        wallets: [expect.stringMatching(/1$/), expect.stringMatching(/2$/)],
        volume: 60,
        relays: 1,
      },
    ]);
    expect(sut.suspicious.map((w) => w.reasons)).toEqual([
      ['funding_cluster', 'relay'],
      ['funding_cluster', 'relay'],
    ]);
    expect(sut.suspicious[0].funder).toBe('0x0000000000000000000000000000000000000009');
    expect(sut.grade).toBe('F');
  });

  it('lists a net-zero high-volume wallet without adding wash volume', () => {
    const trades = [0, 1].flatMap((k) => [
      trade({ wallet: A, side: 'buy', amount: E18, block: 100 * k }),
      trade({ wallet: A, side: 'sell', amount: E18, block: 100 * k + 50 }),
    ]);
    const sut = washVerdict(
      findings([...trades, trade({ wallet: B, side: 'buy', amount: E18, block: 400 })], { net: new Map([[A, 0n]]) }),
    );
    expect(sut.washPercent).toBe(0);
    expect(sut.detected).toBe(false);
    expect(sut.suspicious).toEqual([expect.objectContaining({ reasons: ['net_zero_high_volume'] })]);
    expect(sut.score).toBe(98);
  });
});

describe('washScore', () => {
  it('maps to the grade scale: clean A+, a ring F', () => {
    expect(washScore({ washPercent: 0, clusters: 0, detected: false, suspicious: 0 })).toBe(100);
    expect(washScore({ washPercent: 50, clusters: 1, detected: true, suspicious: 3 })).toBe(9);
    expect(washScore({ washPercent: 120, clusters: 1, detected: true, suspicious: 3 })).toBe(0);
  });
});
