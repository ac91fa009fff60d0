import type { TokenReport } from '../../../analysis/report/token-report';
import type { Component } from '../../../analysis/scoring/scoring';
import { fraction } from '../../../common/format';
import { honeypotVerdict } from '../../shared/presenters/labels';

/** Surface B names its components differently from the engine. */
const B_COMPONENTS: Array<[Component, string]> = [
  ['security', 'security_analysis'],
  ['market', 'market_analysis'],
  ['holders', 'holder_analysis'],
  ['wash_trading', 'wash_trading_analysis'],
  ['sniper', 'sniper_sellers_analysis'],
];

/** Only components that were analysed appear: an absent one is never given an invented grade. */
function byComponent<T>(report: TokenReport, pick: (c: NonNullable<TokenReport['scores']['components'][Component]>) => T) {
  const out: Record<string, T> = {};
  for (const [component, name] of B_COMPONENTS) {
    const score = report.scores.components[component];
    if (score) out[name] = pick(score);
  }
  return out;
}

export function overallRisk(securityScore: number): 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' {
  if (securityScore >= 80) return 'LOW';
  if (securityScore >= 60) return 'MEDIUM';
  if (securityScore >= 30) return 'HIGH';
  return 'CRITICAL';
}

function security(report: TokenReport) {
  const score = report.scores.components.security!;
  const { contract, simulation } = report.security!;
  return { score, contract, simulation, risk: overallRisk(score.score) };
}

function tokenData(report: TokenReport) {
  return {
    name: report.token.name,
    symbol: report.token.symbol,
    decimals: report.token.decimals,
    description: report.description.text,
    description_confidence: report.description.confidence,
  };
}

/** `POST /token/analyze`. */
export function presentAnalyzeB(report: TokenReport) {
  const s = security(report);
  const m = report.market!;
  return {
    success: true as const,
    analysis_details: {
      token_data: tokenData(report),
      security_analysis: {
        security_score: s.score.score,
        overall_risk: s.risk,
        audit_provider_analysis: {
          overall_audit_rating: s.score.grade,
          is_renounced: s.contract.ownership.renounced !== false,
          token_name: report.token.name,
        },
        scanner_provider_analysis: {
          is_honeypot: s.simulation.isHoneypot,
          buy_tax: fraction(s.simulation.buyTax),
          sell_tax: fraction(s.simulation.sellTax),
        },
      },
      market_analysis: { price_usd: m.priceUsd, market_cap: m.marketCapUsd, volume_24h: m.volume24hUsd },
    },
    service_score: report.scores.serviceScore,
    grade_summary: byComponent(report, (c) => c.grade),
  };
}

/** Our own findings, with severity, as the "AI audit" findings of surface B. */
function auditFindings(report: TokenReport) {
  const { contract } = report.security!;
  return contract.maliciousFunctions.map((f) => ({
    severity: f.severity.toUpperCase(),
    issue: f.name,
    kind: f.kind,
    description: f.why,
  }));
}

/** `POST /token/security-analysis`. */
export function presentSecurityAnalysisB(report: TokenReport) {
  const s = security(report);
  return {
    success: true as const,
    security_analysis: {
      security_score: s.score.score,
      security_grade: s.score.grade,
      overall_risk: s.risk,
      audit_provider_analysis: {
        audit_provider_available: true,
        overall_audit_rating: s.score.grade,
        is_renounced: s.contract.ownership.renounced !== false,
        has_owner: s.contract.ownership.owner !== null && s.contract.ownership.renounced === false,
        ai_audit_findings: auditFindings(report),
      },
      scanner_provider_analysis: {
        scanner_provider_available: s.simulation.possible,
        is_honeypot: s.simulation.isHoneypot,
        is_mintable: s.contract.canMint,
        buy_tax: fraction(s.simulation.buyTax),
        sell_tax: fraction(s.simulation.sellTax),
        contract_verified: s.contract.verification.verified === true,
      },
      key_findings: s.score.findings,
    },
  };
}

/** `POST /token/service-scores`. */
export function presentServiceScoresB(report: TokenReport) {
  return {
    success: true as const,
    service_score: report.scores.serviceScore,
    grade_summary: byComponent(report, (c) => c.grade),
    component_scores: byComponent(report, (c) => c.score),
    token_data: { name: report.token.name, symbol: report.token.symbol, description: report.description.text },
  };
}

/** `POST /token/security-only`. */
export function presentSecurityOnlyB(report: TokenReport) {
  const s = security(report);
  return {
    success: true as const,
    security_score: s.score.score,
    security_grade: s.score.grade,
    overall_risk: s.risk,
    critical_issues: report.scores.critical.issues,
    critical_override_applied: report.scores.critical.applied,
    key_security_findings: s.score.findings,
    honeypot: honeypotVerdict(report),
    token_info: { name: report.token.name, symbol: report.token.symbol },
  };
}
