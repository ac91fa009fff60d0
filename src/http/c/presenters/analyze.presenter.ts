import { CHAIN_IDS } from '../../../chain/chain-ids';
import { contractFacts } from '../../shared/presenters/contract-facts';
import { formatUnits, type Hex } from 'viem';
import { signatureOf } from '../../../analysis/contract/signatures';
import type { ContractAnalysis } from '../../../analysis/contract/contract.types';
import type { SecuritySection } from '../../../analysis/report/sections';
import type { ServedReport, TokenReport } from '../../../analysis/report/token-report';
import type { ContractAnalysisResponse, ContractFunctionView, TokenAnalysisResponse } from '../dto/analyze.dto';

/** Every function the code exposes; those with a finding carry its kind, severity and evidence. */
export function functionsOf(contract: ContractAnalysis): ContractFunctionView[] {
  const bySelector = new Map(contract.maliciousFunctions.filter((f) => f.selector).map((f) => [f.selector!.toLowerCase(), f]));
  const order = ['critical', 'high', 'medium', 'low', 'none'];
  const listed = (selectors: Hex[], foundIn: 'contract' | 'implementation') =>
    selectors.map((selector) => {
      const risk = bySelector.get(selector.toLowerCase());
      return {
        signature: signatureOf(selector) ?? selector,
        selector,
        capability: risk?.kind ?? null,
        risk: risk?.severity ?? 'none',
        why: risk?.why ?? null,
        found_in: foundIn,
      };
    });
  const { contract: own, implementation } = contract.evidence.selectors;
  return [...listed(own, 'contract'), ...listed(implementation, 'implementation')].sort((a, b) => order.indexOf(a.risk) - order.indexOf(b.risk));
}

function trading(security: SecuritySection): ContractAnalysisResponse['trading'] {
  const s = security.simulation;
  return {
    is_honeypot: s.isHoneypot,
    honeypot_reason: s.honeypotReason,
    buy_tax: s.buyTax,
    sell_tax: s.sellTax,
    transfer_tax: s.transferTax,
    simulated: s.possible,
  };
}

/** Risk of the security component alone (the same bands as the overall score). */
function riskOf(score: number): string {
  if (score >= 80) return 'VERY_LOW';
  if (score >= 70) return 'LOW';
  if (score >= 60) return 'MEDIUM';
  if (score >= 50) return 'HIGH';
  return 'VERY_HIGH';
}

export function presentContract(served: ServedReport): ContractAnalysisResponse {
  const r = served.report;
  const security = r.security!;
  const component = r.scores.components.security!;
  return {
    ...identityOf(r),
    security_score: component.score,
    grade: component.grade,
    overall_risk: r.scores.critical.applied ? 'VERY_HIGH' : riskOf(component.score),
    findings: component.findings,
    critical_issues: r.scores.critical.issues,
    functions: functionsOf(security.contract),
    contract: contractFacts(security.contract),
    trading: trading(security),
    analysed_at: r.generatedAt,
    cached: served.cacheStatus === 'CACHED',
  };
}

/** The fields that open both analyze responses. */
function identityOf(r: TokenReport): Pick<TokenAnalysisResponse, 'chain' | 'chain_id' | 'address' | 'name' | 'symbol'> {
  return { chain: r.chain, chain_id: CHAIN_IDS[r.chain], address: r.address, name: r.token.name, symbol: r.token.symbol };
}

function whole(raw: string, decimals: number): string {
  return formatUnits(BigInt(raw), decimals);
}

function marketPart(r: TokenReport): Pick<TokenAnalysisResponse, 'price' | 'market_cap_usd' | 'volume_24h_usd' | 'liquidity'> {
  const m = r.market;
  return {
    price: {
      usd: m?.priceUsd ?? null,
      change_24h_percent: m?.priceChange24hPercent ?? null,
      pool: m?.evidence.pricePair ?? null,
      block_number: m?.evidence.blockNumber ?? null,
    },
    market_cap_usd: m?.marketCapUsd ?? null,
    volume_24h_usd: m?.volume24hUsd ?? null,
    liquidity: {
      total_usd: m?.liquidity.totalUsd ?? null,
      status: m?.liquidity.status ?? 'UNKNOWN',
      pairs: (m?.tradingPairs ?? []).map((p) => ({ dex: p.dex, pair: p.pair, address: p.address, liquidity_usd: p.liquidityUsd, price_usd: p.priceUsd })),
    },
  };
}

export function presentToken(served: ServedReport, resolvedFrom: string | null): TokenAnalysisResponse {
  const r = served.report;
  const h = r.holders;
  const component = r.scores.components.security!;
  return {
    ...identityOf(r),
    decimals: r.token.decimals,
    total_supply: whole(r.token.totalSupply, r.token.decimals),
    resolved_from: resolvedFrom,
    ...marketPart(r),
    holders: {
      count: h?.total_holders ?? 0,
      top_10_percentage: h?.top_10_percentage ?? 0,
      distribution: h?.distribution ?? 'HEALTHY',
      whale_activity: h?.whale_activity ?? 'LOW',
      top: (h?.top_holders ?? []).slice(0, 10).map((t) => ({ address: t.address, amount: t.amount, percentage: t.percentage, tags: t.tags })),
    },
    security: {
      score: component.score,
      risk: r.scores.critical.applied ? 'VERY_HIGH' : riskOf(component.score),
      trading: trading(r.security!),
      contract: contractFacts(r.security!.contract),
      critical_issues: r.scores.critical.issues,
    },
    score: { service_score: r.scores.serviceScore, grade: r.scores.grade, recommendation: r.scores.recommendation, risk: r.scores.risk },
    analysed_at: r.generatedAt,
    cached: served.cacheStatus === 'CACHED',
  };
}
