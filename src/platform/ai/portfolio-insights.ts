import type { TokenReport } from '../../analysis/report/token-report';
import type { WalletAnalysisResponse } from '../wallet/wallet.views';
import type { AiInsightsResponse, ConcentrationView, LiquidityView, MoveView, PositionView } from './ai.views';

/** A position worth more than this share of its deepest pools cannot be sold without moving the price much. */
export const ILLIQUID_POSITION_PERCENT = 10;
const THIN_LIQUIDITY = new Set(['LOW', 'VERY_LOW', 'NONE']);
/** A 24 h move of at least this (percent, either way) is reported as a notable move. */
export const NOTABLE_MOVE_PERCENT = 10;

/** The computed part of the insights response (the rest is the request's echo, the summary and the engine). */
export type PortfolioInsights = Pick<
  AiInsightsResponse,
  | 'positions'
  | 'concentration'
  | 'risky_tokens'
  | 'value_at_risk_usd'
  | 'value_at_risk_percent'
  | 'liquidity'
  | 'moves'
  | 'weighted_change_24h_percent'
  | 'activity'
  | 'unanalysed_tokens'
>;

/** Concentration, risk, liquidity and moves of a wallet, from its analysis and the reports of what it holds. Pure. */
export function portfolioInsights(input: {
  wallet: WalletAnalysisResponse;
  /** Reports of the held tokens, by lower-cased address. */
  reports: Map<string, TokenReport>;
  /** The wrapped native token's report: the native coin's market. */
  nativeReport?: TokenReport;
}): PortfolioInsights {
  const { wallet, reports, nativeReport } = input;
  const total = wallet.portfolio_value_usd;
  const share = (v: number | null) => (v === null || total <= 0 ? null : round2((v / total) * 100));
  const positions: PositionView[] = [
    {
      token: 'native',
      symbol: wallet.native.symbol,
      value_usd: wallet.native.value_usd,
      share_percent: share(wallet.native.value_usd),
    },
    ...wallet.tokens.map((t) => ({
      token: t.address,
      symbol: t.symbol,
      value_usd: t.value_usd,
      share_percent: share(t.value_usd),
    })),
  ].sort((a, b) => (b.value_usd ?? -1) - (a.value_usd ?? -1));
  const risky = wallet.tokens
    .filter((t) => t.flags.some((f) => f !== 'unpriced'))
    .map((t) => ({
      token: t.address,
      symbol: t.symbol,
      risk: t.risk,
      flags: t.flags.filter((f) => f !== 'unpriced'),
      value_usd: t.value_usd,
      share_percent: share(t.value_usd),
    }));
  const atRisk = round2(risky.reduce((sum, r) => sum + (r.value_usd ?? 0), 0));
  const held = wallet.tokens.map((t) => ({ t, report: reports.get(t.address.toLowerCase()) }));
  const moves = [
    ...(nativeReport ? [moveOf('native', wallet.native.symbol, nativeReport)] : []),
    ...held.filter((h) => h.report?.market).map((h) => moveOf(h.t.address, h.t.symbol, h.report!)),
  ];
  const incoming = wallet.recent_transfers.filter((r) => r.direction === 'in').length;
  return {
    positions,
    concentration: concentrationOf(positions),
    risky_tokens: risky,
    value_at_risk_usd: atRisk,
    value_at_risk_percent: total > 0 ? round2((atRisk / total) * 100) : 0,
    liquidity: held
      .filter((h) => h.report?.market)
      .map((h) => liquidityOf(h.t.address, h.t.symbol, h.t.value_usd, h.report!)),
    moves,
    weighted_change_24h_percent: weightedChange(positions, moves),
    activity: {
      transfers_in: incoming,
      transfers_out: wallet.recent_transfers.length - incoming,
      window_blocks: wallet.window.to_block - wallet.window.from_block,
    },
    unanalysed_tokens: held.filter((h) => !h.report).map((h) => ({ token: h.t.address, symbol: h.t.symbol })),
  };
}

function concentrationOf(positions: PositionView[]): ConcentrationView {
  const priced = positions.filter((p) => (p.value_usd ?? 0) > 0);
  const total = priced.reduce((sum, p) => sum + p.value_usd!, 0);
  if (total <= 0) return { hhi: 0, level: 'EMPTY', top_symbol: null, top_share_percent: 0 };
  const shares = priced.map((p) => (p.value_usd! / total) * 100);
  const hhi = Math.round(shares.reduce((sum, s) => sum + s * s, 0));
  const level =
    priced.length === 1 ? 'SINGLE_ASSET' : hhi >= 5000 ? 'CONCENTRATED' : hhi >= 2500 ? 'MODERATE' : 'DIVERSIFIED';
  return { hhi, level, top_symbol: priced[0].symbol, top_share_percent: round2(shares[0]) };
}

function liquidityOf(token: string, symbol: string, valueUsd: number | null, r: TokenReport): LiquidityView {
  const liquidity = r.market!.liquidity.totalUsd;
  const ratio = valueUsd !== null && liquidity ? round2((valueUsd / liquidity) * 100) : null;
  const status = r.market!.liquidity.status;
  return {
    token,
    symbol,
    liquidity_usd: liquidity,
    status,
    position_to_liquidity_percent: ratio,
    exit_risk: THIN_LIQUIDITY.has(status) || (ratio !== null && ratio >= ILLIQUID_POSITION_PERCENT),
  };
}

function moveOf(token: string, symbol: string, r: TokenReport): MoveView {
  const change = r.market?.priceChange24hPercent ?? null;
  return {
    token,
    symbol,
    price_change_24h_percent: change,
    volume_24h_usd: r.market?.volume24hUsd ?? null,
    notable: change !== null && Math.abs(change) >= NOTABLE_MOVE_PERCENT,
  };
}

function weightedChange(positions: PositionView[], moves: MoveView[]): number | null {
  const byToken = new Map(
    moves
      .filter((m) => m.price_change_24h_percent !== null)
      .map((m) => [m.token.toLowerCase(), m.price_change_24h_percent!]),
  );
  const weighted = positions.filter((p) => (p.value_usd ?? 0) > 0 && byToken.has(p.token.toLowerCase()));
  const total = weighted.reduce((sum, p) => sum + p.value_usd!, 0);
  if (total <= 0) return null;
  return round2(weighted.reduce((sum, p) => sum + p.value_usd! * byToken.get(p.token.toLowerCase())!, 0) / total);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
