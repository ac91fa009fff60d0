import { getAddress } from 'viem';
import { buildHolderSection, sectionQuery } from './holder.section';
import type { BalanceRow, HolderStats } from './holder.repository';
import type { HolderAnalysisInput, IndexOutcome } from './holders.types';

const E18 = 10n ** 18n;
const PAIR = '0x00000000000000000000000000000000000000aa';
const DEAD = '0x000000000000000000000000000000000000dead';
const ZERO = '0x0000000000000000000000000000000000000000';
const VAULT = '0x00000000000000000000000000000000000000bb';
const holder = (i: number) => `0x${(0x1000 + i).toString(16).padStart(40, '0')}`;
const row = (address: string, tokens: bigint, isContract: boolean | null = null): BalanceRow => ({
  holder: address,
  balance: tokens * E18,
  isContract,
});

const input = (overrides: Partial<HolderAnalysisInput> = {}): HolderAnalysisInput => ({
  chain: 'eth',
  address: '0x00000000000000000000000000000000000000cc',
  totalSupply: 1_000n * E18,
  decimals: 18,
  pairs: ['0x00000000000000000000000000000000000000AA'],
  ...overrides,
});

const outcome = (overrides: Partial<IndexOutcome> = {}): IndexOutcome => ({
  head: { number: 500, timestamp: 1_800_000_000 },
  indexedToBlock: 500,
  fromBlock: null,
  transfersApplied: 0,
  getLogsRequests: 1,
  rangeRefusals: 0,
  ...overrides,
});

/** 1,000 tokens: pair 300, dead 200, a vault 100, twelve holders of 30, one of 40; 0x0 gave out all. */
const stats = (overrides: Partial<HolderStats> = {}): HolderStats => ({
  checkpoint: { lastBlock: 500, holderCount: 16, transferCount: 40 },
  top: [
    row(PAIR, 300n, true),
    row(DEAD, 200n),
    row(VAULT, 100n),
    row(holder(99), 40n),
    ...Array.from({ length: 12 }, (_, i) => row(holder(i), 30n)),
  ],
  excludedBalances: [
    row(PAIR, 300n, true),
    row(DEAD, 200n),
    { holder: ZERO, balance: -1_000n * E18, isContract: null },
  ],
  newHolders: 3,
  largeTransfers: 2,
  largeHoldersMoved: 4,
  ...overrides,
});

describe('buildHolderSection', () => {
  const build = (s: HolderStats = stats(), contracts = new Map([[VAULT, true]])) =>
    buildHolderSection({
      input: input(),
      query: sectionQuery(input(), 1_800_000_000),
      outcome: outcome(),
      stats: s,
      contracts,
    });

  it('counts holders and shares without the pair, burn and zero addresses, over the circulating supply', () => {
    const sut = build();
    expect(sut.total_holders).toBe(14);
    // Top 10: vault 100 + 40 + 8 × 30 = 380 of 800 circulating; top 100: 100 + 40 + 12 × 30 = 500.
    expect(sut.top_10_percentage).toBe(47.5);
    expect(sut.top_100_percentage).toBe(62.5);
    expect(sut.distribution).toBe('MODERATE');
    expect(sut.whale_activity).toBe('HIGH');
    expect(sut.recent_activity).toEqual({ new_holders_24h: 3, large_transactions: 2 });
  });

  it('lists the largest balances with tags, exclusions and shares of the total supply', () => {
    const [pair, dead, vault, next] = build().top_holders;
    expect(pair).toMatchObject({ rank: 1, tags: ['pair', 'contract'], excluded: true, percentage: 30, amount: '300' });
    expect(dead).toMatchObject({ rank: 2, tags: ['burn'], excluded: true, percentage: 20 });
    expect(vault).toMatchObject({ rank: 3, tags: ['contract'], excluded: false, percentage: 10 });
    expect(next).toMatchObject({ rank: 4, tags: [], excluded: false, balance: (40n * E18).toString() });
    expect(build().top_holders).toHaveLength(16);
  });

  it('shows the window, the thresholds and whether the logs account for the supply', () => {
    const sut = build();
    expect(sut.evidence).toMatchObject({
      window_start: new Date((1_800_000_000 - 86_400) * 1000).toISOString(),
      circulating_supply: (800n * E18).toString(),
      burned_balance: (200n * E18).toString(),
      indexed_supply: (1_000n * E18).toString(),
      supply_matches_logs: true,
      large_holder_min: (10n * E18).toString(),
      large_transaction_min: (10n * E18).toString(),
      excluded_addresses: [
        { address: getAddress(PAIR), tags: ['pair', 'contract'] },
        { address: '0x000000000000000000000000000000000000dEaD', tags: ['burn'] },
      ],
    });
    expect(sut.indexed_to_block).toBe(500);
  });

  it('flags balances that moved without Transfer events', () => {
    const sut = build(stats({ excludedBalances: [{ holder: ZERO, balance: -900n * E18, isContract: null }] }));
    expect(sut.evidence).toMatchObject({ indexed_supply: (900n * E18).toString(), supply_matches_logs: false });
  });
});
