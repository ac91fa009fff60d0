import type { TokenReport } from '../../../analysis/report/token-report';
import { CHAIN_IDS } from '../../../chain/chain-ids';
import { fraction, round2 } from '../../../common/format';
import { overallRisk } from './token.presenter';
import { contractFacts } from '../../shared/presenters/contract-facts';
import { honeypotVerdict, rugPullRisk } from '../../shared/presenters/labels';

function header(report: TokenReport, feature: string) {
  return {
    success: true as const,
    feature,
    token: { address: report.address, chain: report.chain, chain_id: CHAIN_IDS[report.chain], name: report.token.name, symbol: report.token.symbol },
  };
}

/** `POST /features/security`: everything the security section found, as numbers and booleans. */
export function presentSecurityFeature(report: TokenReport) {
  const { contract: c, simulation: s } = report.security!;
  const score = report.scores.components.security!;
  return {
    ...header(report, 'security'),
    score: score.score,
    grade: score.grade,
    overall_risk: overallRisk(score.score),
    honeypot: honeypotVerdict(report),
    rug_pull_risk: rugPullRisk(report),
    simulation: {
      possible: s.possible,
      reason: s.reason,
      detail: s.detail,
      is_honeypot: s.isHoneypot,
      honeypot_reason: s.honeypotReason,
      cannot_buy: s.cannotBuy,
      cannot_sell: s.cannotSell,
      cannot_sell_all: s.cannotSellAll,
      buy_tax: fraction(s.buyTax),
      sell_tax: fraction(s.sellTax),
      transfer_tax: fraction(s.transferTax),
      gas: s.gas,
      max_buy_percent_of_supply: s.limits?.maxBuyPercentOfSupply ?? null,
      max_sell_percent_of_supply: s.limits?.maxSellPercentOfSupply ?? null,
      dex: s.evidence.dex,
      pair: s.evidence.pair,
    },
    contract: {
      ...contractFacts(c),
      proxy_kind: c.proxy.kind,
      has_limits: c.hasLimits || s.limits?.hasLimits === true,
      has_cooldown: c.hasCooldown,
      has_trading_switch: c.hasTradingSwitch,
      malicious_functions: c.maliciousFunctions,
    },
    findings: score.findings,
  };
}

/** `POST /features/market`. */
export function presentMarketFeature(report: TokenReport) {
  const m = report.market!;
  const score = report.scores.components.market!;
  return {
    ...header(report, 'market'),
    score: score.score,
    grade: score.grade,
    listed: m.listed,
    price_usd: m.priceUsd,
    price_change_24h: m.priceChange24hPercent === null ? null : round2(m.priceChange24hPercent),
    market_cap: m.marketCapUsd,
    volume_24h: m.volume24hUsd,
    liquidity_usd: m.liquidity.totalUsd,
    liquidity_status: m.liquidity.status,
    trading_pairs: m.tradingPairs.map((p) => ({
      dex: p.dex,
      pair: p.pair,
      address: p.address,
      quote: p.quoteSymbol,
      price_usd: p.priceUsd,
      liquidity_usd: p.liquidityUsd,
      volume_24h: p.volume24hUsd,
      swaps_24h: p.swaps24h,
    })),
    block: m.evidence.blockNumber,
    findings: score.findings,
  };
}

/** `POST /features/holders`. */
export function presentHoldersFeature(report: TokenReport) {
  const h = report.holders!;
  const score = report.scores.components.holders!;
  return {
    ...header(report, 'holders'),
    score: score.score,
    grade: score.grade,
    total_holders: h.total_holders,
    top_10_percentage: round2(h.top_10_percentage),
    top_100_percentage: round2(h.top_100_percentage),
    whale_activity: h.whale_activity,
    distribution: h.distribution,
    recent_activity: h.recent_activity,
    top_holders: h.top_holders.map((t) => ({ rank: t.rank, address: t.address, amount: t.amount, percentage: t.percentage, tags: t.tags, excluded: t.excluded })),
    indexed_to_block: h.indexed_to_block,
    findings: score.findings,
  };
}

/** `POST /features/social-score`. */
export function presentSocialFeature(report: TokenReport) {
  const s = report.social!;
  const links = { website: s.links.website, x: s.links.x, telegram: s.links.telegram, github: s.links.github };
  if (!s.available) return { ...header(report, 'social-score'), available: false, reason: s.reason, links };
  return {
    ...header(report, 'social-score'),
    available: true,
    source: s.source,
    as_of: s.asOf,
    social_score: s.socialScore,
    grade: s.grade,
    score_parts: s.scoreParts,
    sentiment: { label: s.sentiment.overall.label, compound: s.sentiment.overall.compound, positive: s.sentiment.positive, neutral: s.sentiment.neutral, negative: s.sentiment.negative },
    engagement: { last_24h: s.engagement.last24h, last_7d: s.engagement.last7d },
    influencers: { follower_threshold: s.influencers.followerThreshold, posts: s.influencers.posts, authors: s.influencers.authors },
    trend: s.trend,
    links,
  };
}

/** `POST /features/wash-trading`. */
export function presentWashFeature(report: TokenReport) {
  const { evidence: _evidence, ...section } = report.washTrading!;
  return { ...header(report, 'wash-trading'), ...section };
}

/** `POST /features/sniper-sellers`. */
export function presentSniperFeature(report: TokenReport) {
  const { evidence: _evidence, ...section } = report.snipers!;
  return { ...header(report, 'sniper-sellers'), ...section };
}
