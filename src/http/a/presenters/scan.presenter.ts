import { formatUnits, zeroAddress } from 'viem';
import type { BatchResult } from '../../../analysis/batch/batch-scan.service';
import type { ServedReport, TokenReport } from '../../../analysis/report/token-report';
import { batchResults } from '../../shared/presenters/batch';
import { poolKindOf, simulatedPool } from '../../shared/presenters/pool-kind';
import { resolvedPair } from '../../shared/presenters/resolved-pair';
import { presentCreator } from '../../shared/presenters/creator';
import type { ErrorBodyA } from '../../shared/openapi/error-envelopes';
import { price, round2, signedPercent, usd } from '../../../common/format';
import {
  distributionLabel,
  honeypotLabel,
  honeypotVerdict,
  liquidityLabel,
  rugLabel,
  whaleLabel,
} from '../../shared/presenters/labels';
import { presentHolderSells } from '../../shared/presenters/holder-sells';
import { presentLiquidityLocks } from '../../shared/presenters/liquidity-locks';
import { presentTimeBomb } from '../../shared/presenters/time-bomb';
import { presentTradingStatus } from '../../shared/presenters/trading-status';
import { PerReportJson, type JsonBody } from '../../shared/presenters/json-body';
import { upper } from './schema-fields';
import { SENTIMENT_LABELS, TREND_LABELS } from './scan.schemas';
import { presentPending } from '../../shared/presenters/job';
import type {
  HolderAnalysisA,
  LinkAnalysisA,
  MarketA,
  ScanBatchResponseA,
  ScanMetadataA,
  ScanReportA,
  ScanResponseA,
  SecurityA,
  SniperAnalysisA,
  WashTradingA,
} from './scan.schemas';

export interface ScanPresentationOptions {
  includeMetadata: boolean;
  apiVersion: string;
  now: Date;
  /** The job finishing the sections left pending at the deadline. */
  pendingJob?: { id: string };
}

const scanBodies = new PerReportJson<TokenReport>();

/**
 * presentScanA's answer as JSON text. Without metadata the answer depends on the report alone, so a
 * report served again (from the cache) is presented and serialised once; metadata (cache status,
 * age, time) is per call.
 */
export function scanBodyA(served: ServedReport, options: ScanPresentationOptions): JsonBody<ScanResponseA> {
  // Metadata and a deadline's pending sections are per call: only the bare report's answer is kept.
  if (options.includeMetadata || served.pending) return JSON.stringify(presentScanA(served, options));
  return scanBodies.of(served.report, 'scan', () => presentScanA(served, options));
}

/** Surface A's token scan report (SPEC.md "Token scan report"). */
export function presentScanA(served: ServedReport, options: ScanPresentationOptions): ScanResponseA {
  const { report } = served;
  const analysis: ScanReportA['analysis'] = {};
  if (report.security) analysis.security = securityA(report);
  if (report.market) analysis.market = marketA(report);
  if (report.holders) analysis.holder_analysis = holdersA(report);
  if (report.washTrading) analysis.wash_trading = washA(report);
  if (report.snipers) analysis.sniper_analysis = snipersA(report);
  if (report.social) analysis.link_analysis = linksA(report);
  const pair = resolvedPair(report);
  return {
    success: true,
    data: {
      token_info: {
        name: report.token.name,
        symbol: report.token.symbol,
        contract_address: report.address,
        chain: report.chainName,
        chain_id: report.chainId,
        decimals: report.token.decimals,
        total_supply: formatUnits(BigInt(report.token.totalSupply), report.token.decimals),
      },
      ...(pair ? { resolved_from: pair } : {}),
      creator: presentCreator(report),
      service_score: report.scores.serviceScore,
      grade: report.scores.grade,
      recommendation: `${report.scores.symbol} ${report.scores.recommendation}`,
      analysis,
      ...(report.incomplete
        ? { incomplete_sections: report.incomplete.map(({ section, reason }) => ({ section, reason })) }
        : {}),
      ...presentPending(served.pending, options.pendingJob, '/api/v1'),
      ...(options.includeMetadata ? { metadata: metadataA(served, options) } : {}),
    },
  };
}

function securityA(report: TokenReport): SecurityA {
  const { contract, simulation, holderSells, liquidityLocks } = report.security!;
  return {
    honeypot_risk: honeypotLabel(honeypotVerdict(report)),
    honeypot_reason: simulation.isHoneypot === true ? simulation.honeypotReason : null,
    rug_pull_risk: rugLabel(report.scores.rugPull),
    contract_verified: contract.verification.verified === true,
    proxy_contract: contract.proxy.isProxy,
    malicious_functions: contract.maliciousFunctions.map((f) => ({
      function: f.name,
      selector: f.selector,
      kind: f.kind,
      status: f.status,
      severity: upper(f.severity),
      risk: f.why,
    })),
    ownership_analysis: {
      owner_address: contract.ownership.owner ?? zeroAddress,
      can_mint: contract.canMint,
      can_pause: contract.canPause,
      can_blacklist: contract.canBlacklist,
    },
    taxes: {
      buy: simulation.buyTax === null ? 'N/A' : `${simulation.buyTax.toFixed(2)}%`,
      sell: simulation.sellTax === null ? 'N/A' : `${simulation.sellTax.toFixed(2)}%`,
      transfer: simulation.transferTax === null ? 'N/A' : `${simulation.transferTax.toFixed(2)}%`,
    },
    trade_simulation: simulation.possible ? 'completed' : `not possible: ${simulation.detail ?? simulation.reason}`,
    trading_status: presentTradingStatus(contract.trading),
    time_bomb: presentTimeBomb(simulation.timeBomb),
    holder_sells: presentHolderSells(holderSells),
    liquidity_locks: presentLiquidityLocks(liquidityLocks),
  };
}

function marketA(report: TokenReport): MarketA {
  const m = report.market!;
  const simulation = report.security?.simulation;
  const simulatedIn = simulation ? simulatedPool(simulation)?.address : undefined;
  return {
    price: price(m.priceUsd),
    price_change_24h: signedPercent(m.priceChange24hPercent),
    market_cap: usd(m.marketCapUsd),
    volume_24h: usd(m.volume24hUsd),
    liquidity: { total_liquidity: usd(m.liquidity.totalUsd), status: liquidityLabel(m.liquidity.status) },
    trading_pairs: m.tradingPairs.map((p) => ({
      dex: p.dex,
      ...poolKindOf(p),
      pair: p.pair,
      pair_address: p.address,
      liquidity: usd(p.liquidityUsd),
      volume_24h: usd(p.volume24hUsd),
      simulated: p.address === simulatedIn,
    })),
  };
}

function holdersA(report: TokenReport): HolderAnalysisA {
  const h = report.holders!;
  return {
    total_holders: h.total_holders,
    top_10_percentage: round2(h.top_10_percentage),
    top_100_percentage: round2(h.top_100_percentage),
    whale_activity: whaleLabel(h.whale_activity),
    distribution: distributionLabel(h.distribution),
    recent_activity: {
      new_holders_24h: h.recent_activity.new_holders_24h,
      large_transactions: h.recent_activity.large_transactions,
    },
  };
}

function washA(report: TokenReport): WashTradingA {
  const w = report.washTrading!;
  if (w.status !== 'analysed') return { analysable: false, status: `❓ ${upper(w.status)}` };
  return {
    analysable: true,
    status: w.detected ? '🚨 DETECTED' : '✅ NONE',
    wash_volume_percent: round2(w.wash_volume_percent ?? 0),
    suspicious_wallets: w.suspicious_wallets.map((x) => ({
      address: x.address,
      reasons: x.reasons,
      trades: x.trades,
      funder: x.funder,
    })),
    clusters: w.clusters.map((c) => ({ funder: c.funder, wallets: c.wallets })),
    score: w.score,
    grade: w.grade,
  };
}

function snipersA(report: TokenReport): SniperAnalysisA {
  const s = report.snipers!;
  if (s.status !== 'analysed') return { analysable: false, status: `❓ ${upper(s.status)}` };
  return {
    analysable: true,
    status: s.sniper_count === 0 ? '✅ NONE' : s.still_holding > 0 ? '⚠️ SNIPERS_HOLDING' : '🟡 SNIPERS_SOLD',
    sniper_count: s.sniper_count,
    bundled: s.bundles.length > 0,
    sold_fully: s.sold_fully,
    sold_partly: s.sold_partly,
    still_holding: s.still_holding,
    bought_percent_of_supply: round2(s.bought_percent_of_supply),
    holding_percent_of_supply: round2(s.holding_percent_of_supply),
    snipers: s.snipers.map((x) => ({
      address: x.address,
      blocks_after_launch: x.blocks_after_launch,
      status: upper(x.status),
      funder: x.funder,
    })),
    score: s.score,
    grade: s.grade,
  };
}

/** Links the project publishes and what social media says about it; absent data is said, not scored. */
function linksA(report: TokenReport): LinkAnalysisA {
  const s = report.social!;
  const links = { website: s.links.website, x: s.links.x, telegram: s.links.telegram, github: s.links.github };
  if (!s.available) return { available: false, reason: s.reason, links };
  return {
    available: true,
    links,
    social_score: s.socialScore,
    grade: s.grade,
    sentiment: SENTIMENT_LABELS[s.sentiment.overall.label],
    sentiment_score: Math.round(s.sentiment.overall.compound * 100) / 100,
    trend: TREND_LABELS[s.trend.direction],
    posts_24h: s.trend.posts24h,
    influencer_posts: s.influencers.posts,
    source: s.source,
  };
}

function metadataA(served: ServedReport, options: ScanPresentationOptions): ScanMetadataA {
  return {
    analysis_time: `${(served.report.analysisMs / 1000).toFixed(2)}s`,
    timestamp: options.now.toISOString(),
    api_version: options.apiVersion,
    cache_status: served.cacheStatus,
    cache_age_seconds: served.ageSeconds,
    analyzed_at: served.report.generatedAt,
    ...(served.report.servedByDevnet ? { network: 'local devnet' } : {}),
  };
}

/** `POST /token/scan/batch`: each token's scan report, or its own error, in input order. */
export function presentScanBatchA(
  result: BatchResult,
  tokens: Array<{ contract_address: string; chain?: string }>,
  options: ScanPresentationOptions,
): ScanBatchResponseA {
  return {
    success: true,
    data: batchResults<ScanReportA, ErrorBodyA>(result, tokens, 'A', (served) => presentScanA(served, options).data),
  };
}
