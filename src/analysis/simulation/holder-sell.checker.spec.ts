import { getAddress, type Address } from 'viem';
import { pickHolders, summarize, withHolderSells } from './holder-sell.checker';
import type { HolderSellResult, SimulationSection } from './simulation.types';

const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ address: addr(from + i), balance: BigInt(1000 - i) }));

describe('pickHolders', () => {
  it('takes 10 largest and 10 newest, each once, skipping pools, burn addresses and empty balances', () => {
    const largest = [{ address: addr(999), balance: 10n ** 24n }, ...rows(1, 12)];
    const newest = [{ address: addr(1), balance: 1000n }, { address: addr(500), balance: 0n }, ...rows(100, 12)];
    const picked = pickHolders({ largest, newest, excluded: [addr(999).toUpperCase().replace('0X', '0x')] });
    expect(picked).toHaveLength(20);
    expect(picked.find((p) => p.address === addr(999))).toBeUndefined();
    expect(picked.find((p) => p.address === addr(500))).toBeUndefined();
    expect(picked.find((p) => p.address === addr(1))!.picked).toEqual(['largest', 'newest']);
    // addr(1) was on both lists, so the slot it freed goes to the 11th largest.
    expect(picked.filter((p) => p.picked.includes('largest')).map((p) => p.address)).toEqual(
      rows(1, 11).map((r) => r.address),
    );
  });

  it('takes everyone when there are fewer than 20', () => {
    expect(pickHolders({ largest: rows(1, 3), newest: rows(2, 3), excluded: [] }).map((p) => p.address)).toEqual([
      addr(1),
      addr(2),
      addr(3),
      addr(4),
    ]);
  });
});

describe('summarize', () => {
  const fair = { possible: true, isHoneypot: false } as SimulationSection;
  const result = (outcome: HolderSellResult['outcome'], over: Partial<HolderSellResult> = {}): HolderSellResult => ({
    address: addr(1),
    balance: '10',
    indexedBalance: '10',
    picked: ['largest'],
    outcome,
    amountIn: '10',
    amountOut: outcome === 'sold' ? '5' : null,
    taxPercent: outcome === 'sold' ? 2 : null,
    revertReason: outcome === 'cannot_sell' ? 'TRANSFER_FAILED' : null,
    siphoned: false,
    ...over,
  });

  it('calls it blocked when a fresh buyer sells but at least half the holders (two or more) cannot', () => {
    const check = summarize(
      [result('cannot_sell'), result('cannot_sell'), result('sold'), result('sold'), result('no_balance')],
      fair,
    );
    expect(check).toMatchObject({ checked: 4, canSell: 2, cannotSell: 2, holderSellBlocked: true, maxSellTax: 2 });
    expect(check.detail).toBe(
      '2 of 4 holders cannot sell any of their tokens (TRANSFER_FAILED), though a fresh buyer can',
    );
  });

  it('does not for one blocked holder or for a size limit', () => {
    expect(summarize([result('cannot_sell'), result('sold')], fair).holderSellBlocked).toBe(false);
    expect(summarize([result('part_only'), result('part_only'), result('sold')], fair)).toMatchObject({
      holderSellBlocked: false,
      partOnly: 2,
      cannotSell: 0,
    });
  });

  it("calls it blocked when the fresh buyer cannot sell either, and keeps the buyer's reason as the honeypot reason", () => {
    const honeypot = {
      possible: true,
      isHoneypot: true,
      honeypotReason: 'sell reverted: TRANSFER_FAILED',
    } as SimulationSection;
    const check = summarize([result('cannot_sell'), result('cannot_sell')], honeypot);
    expect(check.holderSellBlocked).toBe(true);
    expect(withHolderSells(honeypot, check).honeypotReason).toBe('sell reverted: TRANSFER_FAILED');
    expect(withHolderSells(fair, check)).toMatchObject({
      isHoneypot: true,
      honeypotReason: expect.stringMatching(/^holder_sell_blocked: 2 of 2 holders/),
    });
  });

  it('lists siphoned holders with both balances', () => {
    const check = summarize([result('sold', { balance: '4', indexedBalance: '10', siphoned: true })], fair);
    expect(check.siphoned).toEqual([{ address: addr(1), indexedBalance: '10', balance: '4' }]);
  });
});
