import { findBundles, percentOf, sniperBuys, sniperScore, sniperStatus, sniperWindowBlocks } from './sniper-detection';
import { chronological, link, trade, wallet } from './trading.fixtures';

const LAUNCH = { pair: wallet(999), block: 100, logIndex: 5 };
const [S1, S2, S3, LATE] = [wallet(1), wallet(2), wallet(3), wallet(4)];

describe('sniperWindowBlocks', () => {
  it('spans 36 s of blocks, at least 3', () => {
    expect(sniperWindowBlocks(12_000)).toBe(3);
    expect(sniperWindowBlocks(750)).toBe(48);
    expect(sniperWindowBlocks(2_000)).toBe(18);
    expect(sniperWindowBlocks(60_000)).toBe(3);
  });
});

describe('sniperBuys', () => {
  it('takes buys from the Mint (same block, later log) through the window, summed per wallet', () => {
    const trades = chronological([
      trade({ wallet: S1, side: 'buy', amount: 10n, block: 100, logIndex: 9 }),
      trade({ wallet: S1, side: 'buy', amount: 5n, block: 101 }),
      trade({ wallet: S2, side: 'buy', amount: 7n, block: 102 }),
      trade({ wallet: S3, side: 'sell', amount: 7n, block: 101 }),
      trade({ wallet: LATE, side: 'buy', amount: 9n, block: 103 }),
    ]);
    const sut = sniperBuys(trades, LAUNCH, 3);
    expect(sut).toEqual([
      { wallet: S1, block: 100, bought: 15n },
      { wallet: S2, block: 102, bought: 7n },
    ]);
  });

  it('ignores a swap logged before the Mint in the launch block', () => {
    expect(sniperBuys([trade({ wallet: S1, side: 'buy', block: 100, logIndex: 1 })], LAUNCH, 3)).toEqual([]);
  });
});

describe('findBundles', () => {
  it('groups snipers funded by one source, noting a single funding block', () => {
    const funder = wallet(70);
    const links = new Map([
      [S1, link(funder, 99)],
      [S2, link(funder, 99)],
      [S3, link(wallet(71), 50)],
    ]);
    expect(findBundles({ wallets: [S1, S2, S3], links, hubs: new Set() })).toEqual([
      { funder, wallets: [S1, S2], fundingBlock: 99, sameBlock: true },
    ]);
  });

  it('does not bundle wallets whose common funder is an exchange/hub', () => {
    const hub = wallet(80);
    const links = new Map([
      [S1, link(hub, 10)],
      [S2, link(hub, 20)],
    ]);
    expect(findBundles({ wallets: [S1, S2], links, hubs: new Set([hub]) })).toEqual([]);
    expect(findBundles({ wallets: [S1, S2], links, hubs: new Set() })[0].sameBlock).toBe(false);
  });
});

describe('sniperStatus and score', () => {
  it('reads sold fully (dust included), partly, or holding from the balance against what was bought', () => {
    expect(sniperStatus(1_000n, 0n)).toBe('sold_fully');
    expect(sniperStatus(1_000n, 10n)).toBe('sold_fully');
    expect(sniperStatus(1_000n, 400n)).toBe('sold_partly');
    expect(sniperStatus(1_000n, 1_000n)).toBe('holding');
  });

  it('scores no snipers 100 and a bundle of five low', () => {
    expect(sniperScore({ count: 0, boughtPercent: 0, holdingPercent: 0, bundles: 0 })).toBe(100);
    expect(sniperScore({ count: 5, boughtPercent: 4, holdingPercent: 0, bundles: 1 })).toBe(40);
    expect(sniperScore({ count: 20, boughtPercent: 30, holdingPercent: 30, bundles: 1 })).toBe(0);
  });

  it('gives percent of supply with four decimals', () => {
    expect(percentOf(25n, 1_000n)).toBe(2.5);
    expect(percentOf(1n, 0n)).toBe(0);
  });
});
