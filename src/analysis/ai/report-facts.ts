import { formatUnits } from 'viem';
import { ownerPowerFacts, type OwnerPowerFacts } from '../contract/owner-power-facts';
import type { TokenReport } from '../report/token-report';
import type { ChainKey } from '../../config/app-config';
import { assessRisks, type RiskItem } from './risk-assessment';

/**
 * The facts of one TokenReport in a compact, flat JSON: what a model is given and what the built-in
 * writers read. Unknown values are null, never guessed; names say their unit.
 */
export interface ReportFacts {
  token: {
    name: string;
    symbol: string;
    address: string;
    chain: ChainKey;
    chain_id: number;
    chain_name: string;
    total_supply: string;
  };
  score: { service_score: number; grade: string; recommendation: string; risk_level: string };
  security: SecurityFacts | null;
  market: MarketFacts | null;
  holders: HolderFacts | null;
  risks: RiskItem[];
  analyzed_at: string;
}

export interface SecurityFacts extends OwnerPowerFacts {
  honeypot: boolean | null;
  honeypot_reason: string | null;
  cannot_sell_all: boolean | null;
  buy_tax_percent: number | null;
  sell_tax_percent: number | null;
  transfer_tax_percent: number | null;
  simulation: string;
  source_verified: boolean | null;
  proxy: boolean;
}

export interface MarketFacts {
  listed: boolean;
  price_usd: number | null;
  price_change_24h_percent: number | null;
  market_cap_usd: number | null;
  volume_24h_usd: number | null;
  liquidity_usd: number | null;
  liquidity_status: string;
  /** 24 h volume over liquidity; null when either is unknown or liquidity is 0. */
  volume_to_liquidity: number | null;
  swaps_24h: number | null;
  pairs: Array<{ dex: string; pair: string; liquidity_usd: number | null }>;
}

export interface HolderFacts {
  total_holders: number;
  top_10_percent: number;
  top_100_percent: number;
  whale_activity: string;
  distribution: string;
  new_holders_24h: number;
  large_transactions_24h: number;
}

export function reportFacts(report: TokenReport): ReportFacts {
  return {
    token: {
      name: report.token.name,
      symbol: report.token.symbol,
      address: report.address,
      chain: report.chain,
      chain_id: report.chainId,
      chain_name: report.chainName,
      total_supply: formatUnits(BigInt(report.token.totalSupply), report.token.decimals),
    },
    score: {
      service_score: report.scores.serviceScore,
      grade: report.scores.grade,
      recommendation: report.scores.recommendation,
      risk_level: report.scores.risk,
    },
    security: securityFacts(report),
    market: marketFacts(report),
    holders: holderFacts(report),
    risks: assessRisks(report),
    analyzed_at: report.generatedAt,
  };
}

function securityFacts(report: TokenReport): SecurityFacts | null {
  if (!report.security) return null;
  const { contract: c, simulation: s } = report.security;
  return {
    honeypot: s.possible ? s.isHoneypot : null,
    honeypot_reason: s.honeypotReason,
    cannot_sell_all: s.cannotSellAll,
    buy_tax_percent: s.buyTax,
    sell_tax_percent: s.sellTax,
    transfer_tax_percent: s.transferTax,
    simulation: s.possible ? 'completed' : `not possible: ${s.detail ?? s.reason ?? 'unknown'}`,
    source_verified: c.verification.verified,
    proxy: c.proxy.isProxy,
    ...ownerPowerFacts(c),
  };
}

function marketFacts(report: TokenReport): MarketFacts | null {
  const m = report.market;
  if (!m) return null;
  const liquidity = m.liquidity.totalUsd;
  const swaps = m.tradingPairs.map((p) => p.swaps24h).filter((n): n is number => n !== null);
  return {
    listed: m.listed,
    price_usd: m.priceUsd,
    price_change_24h_percent: m.priceChange24hPercent,
    market_cap_usd: m.marketCapUsd,
    volume_24h_usd: m.volume24hUsd,
    liquidity_usd: liquidity,
    liquidity_status: m.liquidity.status,
    volume_to_liquidity:
      m.volume24hUsd !== null && liquidity ? Math.round((m.volume24hUsd / liquidity) * 1000) / 1000 : null,
    swaps_24h: swaps.length ? swaps.reduce((a, b) => a + b, 0) : null,
    pairs: m.tradingPairs.map((p) => ({ dex: p.dex, pair: p.pair, liquidity_usd: p.liquidityUsd })),
  };
}

function holderFacts(report: TokenReport): HolderFacts | null {
  const h = report.holders;
  if (!h) return null;
  return {
    total_holders: h.total_holders,
    top_10_percent: h.top_10_percentage,
    top_100_percent: h.top_100_percentage,
    whale_activity: h.whale_activity,
    distribution: h.distribution,
    new_holders_24h: h.recent_activity.new_holders_24h,
    large_transactions_24h: h.recent_activity.large_transactions,
  };
}
