import type { TokenReport } from '../../analysis/report/token-report';
import type { WalletAnalysisResponse } from '../wallet/wallet.views';
import { portfolioInsights } from './portfolio-insights';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';

const wallet = (overrides: Partial<WalletAnalysisResponse> = {}): WalletAnalysisResponse => ({
  chain: 'eth',
  chain_id: 31337,
  address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  native: { symbol: 'ETH', balance: '1', price_usd: 3000, value_usd: 3000 },
  tokens: [
    { address: A, symbol: 'AAA', balance: '10', price_usd: 600, value_usd: 6000, risk: 'LOW', flags: [] },
    {
      address: B,
      symbol: 'BBB',
      balance: '10',
      price_usd: 100,
      value_usd: 1000,
      risk: 'VERY_HIGH',
      flags: ['honeypot', 'high_risk'],
    },
  ],
  portfolio_value_usd: 10000,
  recent_transfers: [
    { token: A, symbol: 'AAA', direction: 'in', counterparty: B, amount: '1', block_number: 2, tx_hash: '0x' },
    { token: B, symbol: 'BBB', direction: 'out', counterparty: A, amount: '1', block_number: 1, tx_hash: '0x' },
  ],
  risk_flags: [],
  window: { from_block: 0, to_block: 100, basis: '' },
  ...overrides,
});

const market = (liquidityUsd: number, status: string, change: number | null) =>
  ({
    market: { liquidity: { totalUsd: liquidityUsd, status }, priceChange24hPercent: change, volume24hUsd: 50 },
  }) as unknown as TokenReport;

describe('portfolioInsights', () => {
  const reports = new Map([
    [A, market(1_000_000, 'EXCELLENT', -20)],
    [B, market(5_000, 'VERY_LOW', 0)],
  ]);
  const sut = portfolioInsights({ wallet: wallet(), reports, nativeReport: market(10_000_000, 'EXCELLENT', 10) });

  it('shares and concentration of the positions, largest first', () => {
    expect(sut.positions.map((p) => [p.symbol, p.share_percent])).toEqual([
      ['AAA', 60],
      ['ETH', 30],
      ['BBB', 10],
    ]);
    // 60² + 30² + 10² = 4,600
    expect(sut.concentration).toEqual({ hhi: 4600, level: 'MODERATE', top_symbol: 'AAA', top_share_percent: 60 });
  });

  it('the flagged tokens and the value they hold', () => {
    expect(sut.risky_tokens).toEqual([
      {
        token: B,
        symbol: 'BBB',
        risk: 'VERY_HIGH',
        flags: ['honeypot', 'high_risk'],
        value_usd: 1000,
        share_percent: 10,
      },
    ]);
    expect([sut.value_at_risk_usd, sut.value_at_risk_percent]).toEqual([1000, 10]);
  });

  it('exit risk from thin pools or a position large against them', () => {
    expect(sut.liquidity.map((l) => [l.symbol, l.position_to_liquidity_percent, l.exit_risk])).toEqual([
      ['AAA', 0.6, false],
      ['BBB', 20, true],
    ]);
  });

  it('moves, their value-weighted change, and the activity counts', () => {
    expect(sut.moves.map((m) => [m.symbol, m.notable])).toEqual([
      ['ETH', true],
      ['AAA', true],
      ['BBB', false],
    ]);
    // (3000·10 + 6000·(−20) + 1000·0) / 10,000
    expect(sut.weighted_change_24h_percent).toBe(-9);
    expect(sut.activity).toEqual({ transfers_in: 1, transfers_out: 1, window_blocks: 100 });
    expect(sut.unanalysed_tokens).toEqual([]);
  });

  it('names held tokens that have no report', () => {
    const partial = portfolioInsights({ wallet: wallet(), reports: new Map([[A, market(1_000_000, 'EXCELLENT', 0)]]) });
    expect(partial.unanalysed_tokens).toEqual([{ token: B, symbol: 'BBB' }]);
    expect(partial.liquidity.map((l) => l.symbol)).toEqual(['AAA']);
  });

  it('an empty wallet is EMPTY, not divided by zero', () => {
    const empty = portfolioInsights({
      wallet: wallet({
        tokens: [],
        native: { symbol: 'ETH', balance: '0', price_usd: 3000, value_usd: 0 },
        portfolio_value_usd: 0,
      }),
      reports: new Map(),
    });
    expect(empty.concentration.level).toBe('EMPTY');
    expect(empty.value_at_risk_percent).toBe(0);
    expect(empty.weighted_change_24h_percent).toBeNull();
  });
});
