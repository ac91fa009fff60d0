import { chronological, trade, wallet } from './trading.fixtures';
import {
  findRelays,
  findRoundTrips,
  isNetZeroHighVolume,
  walletStats,
  washCandidates,
  WASH_RULES,
} from './wash-patterns';

const A = wallet(1);
const B = wallet(2);
const C = wallet(3);

describe('findRoundTrips', () => {
  it('matches a buy and a sell of one wallet in the same block', () => {
    const sut = findRoundTrips(
      chronological([
        trade({ wallet: A, side: 'buy', amount: 500n }),
        trade({ wallet: A, side: 'sell', amount: 500n }),
      ]),
    );
    expect(sut).toHaveLength(1);
    expect(sut[0]).toMatchObject({ wallet: A, amount: 500n });
  });

  it('matches either order within the block limit, partially when amounts differ', () => {
    const trades = chronological([
      trade({ wallet: A, side: 'sell', amount: 300n, block: 10 }),
      trade({ wallet: A, side: 'buy', amount: 1_000n, block: 10 + WASH_RULES.roundTripBlocks }),
    ]);
    expect(findRoundTrips(trades).map((r) => r.amount)).toEqual([300n]);
  });

  it('ignores legs further apart than the block limit, or than the time limit when logs carry times', () => {
    const far = chronological([
      trade({ wallet: A, side: 'buy', block: 10 }),
      trade({ wallet: A, side: 'sell', block: 11 + WASH_RULES.roundTripBlocks }),
    ]);
    const slow = chronological([
      trade({ wallet: A, side: 'buy', block: 10, timestamp: 1_000 }),
      trade({ wallet: A, side: 'sell', block: 11, timestamp: 1_000 + WASH_RULES.roundTripSeconds + 1 }),
    ]);
    expect(findRoundTrips(far)).toEqual([]);
    expect(findRoundTrips(slow)).toEqual([]);
  });

  it('does not pair two buys, nor trades of different wallets', () => {
    const trades = chronological([
      trade({ wallet: A, side: 'buy' }),
      trade({ wallet: A, side: 'buy' }),
      trade({ wallet: B, side: 'sell' }),
    ]);
    expect(findRoundTrips(trades)).toEqual([]);
  });
});

describe('findRelays', () => {
  it('finds a hand-over: B sells exactly what A bought two blocks earlier', () => {
    const trades = chronological([
      trade({ wallet: A, side: 'buy', amount: 12_345n, block: 10 }),
      trade({ wallet: B, side: 'sell', amount: 12_345n, block: 12 }),
    ]);
    const sut = findRelays(trades);
    expect(sut).toHaveLength(1);
    expect(sut[0]).toMatchObject({ from: A, to: B });
  });

  it('needs the same amount (within 0.2 %), another wallet and a short gap', () => {
    const off = chronological([
      trade({ wallet: A, side: 'buy', amount: 10_000n, block: 10 }),
      trade({ wallet: B, side: 'sell', amount: 10_030n, block: 11 }),
    ]);
    const self = chronological([
      trade({ wallet: A, side: 'buy', amount: 10_000n, block: 10 }),
      trade({ wallet: A, side: 'sell', amount: 10_000n, block: 11 }),
    ]);
    const late = chronological([
      trade({ wallet: A, side: 'buy', amount: 10_000n, block: 10 }),
      trade({ wallet: B, side: 'sell', amount: 10_000n, block: 11 + WASH_RULES.relayBlocks }),
    ]);
    const close = chronological([
      trade({ wallet: A, side: 'buy', amount: 10_000n, block: 10 }),
      trade({ wallet: B, side: 'sell', amount: 10_015n, block: 11 }),
    ]);
    expect(findRelays(off)).toEqual([]);
    expect(findRelays(self)).toEqual([]);
    expect(findRelays(late)).toEqual([]);
    expect(findRelays(close)).toHaveLength(1);
  });

  it('uses each buy once', () => {
    const trades = chronological([
      trade({ wallet: A, side: 'buy', amount: 7n, block: 10 }),
      trade({ wallet: B, side: 'sell', amount: 7n, block: 11 }),
      trade({ wallet: C, side: 'sell', amount: 7n, block: 11 }),
    ]);
    expect(findRelays(trades)).toHaveLength(1);
  });
});

describe('net position and candidates', () => {
  const busy = [
    trade({ wallet: A, side: 'buy', amount: 100n }),
    trade({ wallet: A, side: 'sell', amount: 100n }),
    trade({ wallet: A, side: 'buy', amount: 100n }),
    trade({ wallet: A, side: 'sell', amount: 95n }),
    trade({ wallet: B, side: 'buy', amount: 10n }),
  ];

  it('sums bought, sold and counts per wallet', () => {
    const stats = walletStats(busy).get(A)!;
    expect(stats).toMatchObject({ bought: 200n, sold: 195n, buys: 2, sells: 2 });
  });

  it('flags high volume with a near-zero net position, not a wallet that accumulated', () => {
    const stats = walletStats(busy).get(A)!;
    expect(isNetZeroHighVolume({ stats, net: 5n, totalVolume: 405n })).toBe(true);
    expect(isNetZeroHighVolume({ stats, net: 100n, totalVolume: 405n })).toBe(false);
    // A wallet below the volume share is not "high volume", whatever its net.
    expect(isNetZeroHighVolume({ stats, net: 0n, totalVolume: 1_000_000n })).toBe(false);
  });

  it('takes relay parties and high-volume wallets as candidates, highest volume first', () => {
    const stats = walletStats(busy);
    // B holds 2.5 % of the volume: a candidate only as a relay party.
    expect(washCandidates({ stats, roundTrips: [], relays: [], totalVolume: 405n }).map((s) => s.wallet)).toEqual([A]);
    const relay = { from: B, to: A, buy: busy[4], sell: busy[3] };
    const sut = washCandidates({ stats, roundTrips: [], relays: [relay], totalVolume: 405n });
    expect(sut.map((s) => s.wallet)).toEqual([A, B]);
    const few = washCandidates({ stats, roundTrips: [], relays: [], totalVolume: 100_000n });
    expect(few).toEqual([]);
  });
});
