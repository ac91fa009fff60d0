import type { Feature, TokenReport } from '../../analysis/report/token-report';
import {
  presentAnalyzeB,
  presentSecurityAnalysisB,
  presentSecurityOnlyB,
  presentServiceScoresB,
} from './presenters/token.presenter';

export type TokenEndpointB = 'analyze' | 'security-analysis' | 'service-scores' | 'security-only';

export interface TokenEndpointSpecB {
  features?: Feature[];
  required?: Feature[];
  present: (report: TokenReport) => unknown;
}

/**
 * B's single-token analyses: the sections each scans (`features`, omitted = all), those it cannot
 * answer without (`required`, omitted = every one scanned), and its presenter. One table, so the
 * synchronous answer and a job's `result` (presented later, by name) cannot drift apart.
 */
export const TOKEN_ENDPOINTS_B: Record<TokenEndpointB, TokenEndpointSpecB> = {
  analyze: { required: ['security', 'market'], present: presentAnalyzeB },
  'security-analysis': { features: ['security'], present: presentSecurityAnalysisB },
  'service-scores': { required: ['security'], present: presentServiceScoresB },
  'security-only': { features: ['security'], present: presentSecurityOnlyB },
};

export function isTokenEndpointB(name: unknown): name is TokenEndpointB {
  return typeof name === 'string' && Object.hasOwn(TOKEN_ENDPOINTS_B, name);
}
