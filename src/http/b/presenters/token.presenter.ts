import { pendingField } from '../../shared/presenters/job';
import { z } from 'zod';
import type { TokenReport } from '../../../analysis/report/token-report';
import type { Component } from '../../../analysis/scoring/scoring';
import { FINDING_KINDS, type FindingSeverity } from '../../../analysis/contract/engine/findings';
import { fraction } from '../../../common/format';
import { component } from '../../shared/openapi/api-schemas';
import { ResolvedPair, resolvedFromField } from '../../shared/presenters/resolved-pair';
import { creatorComponent, presentCreator } from '../../shared/presenters/creator';
import { honeypotVerdict } from '../../shared/presenters/labels';
import { PerReportJson, type JsonBody } from '../../shared/presenters/json-body';
import {
  grade,
  honeypotVerdict as honeypotVerdictField,
  overallRisk as overallRiskField,
  riskB,
  score,
  success,
  tax,
} from './fields';

/** Surface B names its components differently from the engine. */
const B_COMPONENTS = [
  ['security', 'security_analysis'],
  ['market', 'market_analysis'],
  ['holders', 'holder_analysis'],
  ['wash_trading', 'wash_trading_analysis'],
  ['sniper', 'sniper_sellers_analysis'],
] as const satisfies ReadonlyArray<readonly [Component, string]>;
type ComponentNameB = (typeof B_COMPONENTS)[number][1];

/** One optional field per component, in B's names: only the components analysed appear. */
function perComponent<S extends z.ZodType>(field: S) {
  return z.object({
    security_analysis: field.optional(),
    market_analysis: field.optional(),
    holder_analysis: field.optional(),
    wash_trading_analysis: field.optional(),
    sniper_sellers_analysis: field.optional(),
  });
}

export const GradeSummaryB = component(
  'GradeSummaryB',
  perComponent(grade).meta({
    description: 'The grade of each component analysed; a component not analysed is absent, never graded',
    example: { security_analysis: 'A+', market_analysis: 'B', holder_analysis: 'A' },
  }),
);

const ComponentScoresB = component(
  'ComponentScoresB',
  perComponent(score).meta({
    description: 'The score (0–100) of each component analysed',
    example: { security_analysis: 95, market_analysis: 75, holder_analysis: 90 },
  }),
);

const tokenName = z.string().meta({ example: 'Clean Token' });
const tokenSymbol = z.string().meta({ example: 'CLEAN' });
const description = z.string().meta({ example: 'Fixed-supply token with no owner powers; ownership is renounced.' });

const CreatorB = creatorComponent('CreatorB');

export const AnalyzeResponseB = component(
  'AnalyzeResponseB',
  z.object({
    success,
    resolved_from: ResolvedPair.optional(),
    pending: pendingField('/scanner/api/v1'),
    analysis_details: z.object({
      token_data: z.object({
        name: tokenName,
        symbol: tokenSymbol,
        decimals: z.number().int().min(0).meta({ example: 18 }),
        description,
        description_confidence: z
          .number()
          .min(0)
          .max(1)
          .meta({ example: 0.8, description: 'How sure the description is, 0–1' }),
      }),
      security_analysis: z.object({
        security_score: score,
        overall_risk: overallRiskField,
        audit_provider_analysis: z.object({
          overall_audit_rating: grade.meta({ description: 'The security grade' }),
          is_renounced: z.boolean().meta({ description: 'True also when the contract has no owner' }),
          token_name: tokenName,
        }),
        scanner_provider_analysis: z.object({
          is_honeypot: z.boolean().nullable().meta({ description: 'null when no trade could be simulated' }),
          buy_tax: tax('0.05'),
          sell_tax: tax('0.25'),
        }),
      }),
      market_analysis: z.object({
        price_usd: z.number().nullable().meta({ example: 1.23, description: 'null when the token has no priced pool' }),
        market_cap: z.number().nullable().meta({ example: 1_230_000 }),
        volume_24h: z.number().nullable().meta({ example: 45_600, description: 'USD' }),
      }),
      creator: CreatorB,
    }),
    service_score: score.meta({
      example: 88,
      description: "Weighted mean of the components' scores, capped at 20 by a critical finding",
    }),
    grade_summary: GradeSummaryB,
  }),
);
export type AnalyzeResponseB = z.output<typeof AnalyzeResponseB>;

type ComponentScore = NonNullable<TokenReport['scores']['components'][Component]>;

/** Only components that were analysed appear: an absent one is never given an invented grade. */
function byComponent<T>(report: TokenReport, pick: (c: ComponentScore) => T): Partial<Record<ComponentNameB, T>> {
  const out: Partial<Record<ComponentNameB, T>> = {};
  for (const [component, name] of B_COMPONENTS) {
    const score = report.scores.components[component];
    if (score) out[name] = pick(score);
  }
  return out;
}

function security(report: TokenReport) {
  const score = report.scores.components.security!;
  const { contract, simulation } = report.security!;
  return { score, contract, simulation, risk: riskB(report.scores.securityRisk!) };
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
const analyzeBodies = new PerReportJson<TokenReport>();

/** presentAnalyzeB's answer as JSON text, built once per report object (it depends on the report alone). */
export function analyzeBodyB(report: TokenReport): JsonBody<AnalyzeResponseB> {
  return analyzeBodies.of(report, 'analyze', () => presentAnalyzeB(report));
}

export function presentAnalyzeB(report: TokenReport): AnalyzeResponseB {
  const s = security(report);
  const m = report.market!;
  return {
    success: true,
    ...resolvedFromField(report),
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
      creator: presentCreator(report),
    },
    service_score: report.scores.serviceScore,
    grade_summary: byComponent(report, (c) => c.grade),
  };
}

const SEVERITY_B = { critical: 'CRITICAL', high: 'HIGH', medium: 'MEDIUM', low: 'LOW' } as const satisfies Record<
  FindingSeverity,
  string
>;

export const SecurityAnalysisResponseB = component(
  'SecurityAnalysisResponseB',
  z.object({
    success,
    resolved_from: ResolvedPair.optional(),
    security_analysis: z.object({
      security_score: score,
      security_grade: grade,
      overall_risk: overallRiskField,
      audit_provider_analysis: z.object({
        audit_provider_available: z.boolean().meta({ description: 'The bytecode audit is our own: always available' }),
        overall_audit_rating: grade,
        is_renounced: z.boolean().meta({ description: 'True also when the contract has no owner' }),
        has_owner: z.boolean(),
        ai_audit_findings: z.array(
          z.object({
            severity: z.enum(SEVERITY_B).meta({ example: 'CRITICAL' }),
            issue: z.string().meta({
              example: 'setFees(uint256,uint256)',
              description: 'The function: its signature, or its selector when unknown',
            }),
            kind: z.enum(FINDING_KINDS).meta({ example: 'confiscatory_fee' }),
            description: z.string().meta({
              example:
                'Can set a fee that confiscates most of a transfer. as the authority: `setFees(uint256,uint256)` with (probe victim, 100): a holder kept 0% of a transfer',
            }),
          }),
        ),
      }),
      scanner_provider_analysis: z.object({
        scanner_provider_available: z.boolean().meta({ description: 'Whether a round trip could be simulated' }),
        is_honeypot: z.boolean().nullable().meta({ description: 'null when no trade could be simulated' }),
        is_mintable: z.boolean(),
        buy_tax: tax('0.05'),
        sell_tax: tax('0.25'),
        contract_verified: z.boolean(),
      }),
      key_findings: z.array(z.string()).meta({
        example: ['Sell tax 25.0%', 'Owner can change fees', 'Buy tax 5.0%'],
        description: 'Why points were taken, largest first',
      }),
    }),
  }),
);
export type SecurityAnalysisResponseB = z.output<typeof SecurityAnalysisResponseB>;

/** Our own findings, with severity, as the "AI audit" findings of surface B. */
function auditFindings(report: TokenReport) {
  const { contract } = report.security!;
  return contract.maliciousFunctions.map((f) => ({
    severity: SEVERITY_B[f.severity],
    issue: f.name,
    kind: f.kind,
    description: f.why,
  }));
}

/** `POST /token/security-analysis`. */
export function presentSecurityAnalysisB(report: TokenReport): SecurityAnalysisResponseB {
  const s = security(report);
  return {
    success: true,
    ...resolvedFromField(report),
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

export const ServiceScoresResponseB = component(
  'ServiceScoresResponseB',
  z.object({
    success,
    resolved_from: ResolvedPair.optional(),
    service_score: score.meta({ example: 88 }),
    grade_summary: GradeSummaryB,
    component_scores: ComponentScoresB,
    token_data: z.object({ name: tokenName, symbol: tokenSymbol, description }),
    pending: pendingField('/scanner/api/v1'),
  }),
);
export type ServiceScoresResponseB = z.output<typeof ServiceScoresResponseB>;

/** `POST /token/service-scores`. */
export function presentServiceScoresB(report: TokenReport): ServiceScoresResponseB {
  return {
    success: true,
    ...resolvedFromField(report),
    service_score: report.scores.serviceScore,
    grade_summary: byComponent(report, (c) => c.grade),
    component_scores: byComponent(report, (c) => c.score),
    token_data: { name: report.token.name, symbol: report.token.symbol, description: report.description.text },
  };
}

export const SecurityOnlyResponseB = component(
  'SecurityOnlyResponseB',
  z.object({
    success,
    resolved_from: ResolvedPair.optional(),
    security_score: score,
    security_grade: grade,
    overall_risk: overallRiskField,
    critical_issues: z.array(z.string()).meta({
      example: ['Honeypot: sell reverted: TRANSFER_FAILED'],
      description: 'Findings that cap the score whatever the rest says',
    }),
    critical_override_applied: z.boolean().meta({ description: 'True when a critical issue capped the service score' }),
    key_security_findings: z.array(z.string()).meta({ description: 'Why points were taken, largest first' }),
    honeypot: honeypotVerdictField,
    token_info: z.object({ name: tokenName, symbol: tokenSymbol }),
  }),
);
export type SecurityOnlyResponseB = z.output<typeof SecurityOnlyResponseB>;

/** `POST /token/security-only`. */
export function presentSecurityOnlyB(report: TokenReport): SecurityOnlyResponseB {
  const s = security(report);
  return {
    success: true,
    ...resolvedFromField(report),
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
