import type { ServedReport, TokenReport } from '../../../analysis/report/token-report';
import { presentHoldersFeature, presentMarketFeature, presentSecurityFeature } from '../../b/presenters/features.presenter';
import cleanFixture from '../../../analysis/report/fixtures/clean.report.json';
import honeypotFixture from '../../../analysis/report/fixtures/honeypot.report.json';
import taxedFixture from '../../../analysis/report/fixtures/taxed.report.json';
import { presentScanA } from '../../a/presenters/scan.presenter';
import { presentAnalyzeB, presentSecurityAnalysisB, presentSecurityOnlyB, presentServiceScoresB } from '../../b/presenters/token.presenter';

const clean = cleanFixture as unknown as TokenReport;
const honeypot = honeypotFixture as unknown as TokenReport;
const taxed = taxedFixture as unknown as TokenReport;
const NOW = new Date('2026-11-21T12:00:00.000Z');

/** The clean fixture with market figures set, to check their formatting. */
function priced(report: TokenReport): TokenReport {
  return {
    ...report,
    market: {
      ...report.market!,
      priceUsd: 1.2345,
      priceChange24hPercent: 4.567,
      marketCapUsd: 1_234_567,
      volume24hUsd: 45_600,
      liquidity: { totalUsd: 2_500_000, status: 'EXCELLENT' },
    },
  };
}

const served = (report: TokenReport, cacheStatus: 'FRESH' | 'CACHED' = 'FRESH'): ServedReport => ({ report, cacheStatus, ageSeconds: cacheStatus === 'CACHED' ? 42 : 0 });

describe('surface A presenter', () => {
  it('renders the spec’s report with labelled strings', () => {
    const sut = presentScanA(served(priced(clean)), { includeMetadata: false, apiVersion: '1.0.0', now: NOW });
    expect(sut.success).toBe(true);
    expect(sut.data.token_info).toEqual({
      name: 'Clean Token',
      symbol: 'CLEAN',
      contract_address: clean.address,
      chain: 'Ethereum',
      decimals: 18,
      total_supply: '1000000000',
    });
    expect(sut.data.analysis.market).toMatchObject({
      price: '$1.23',
      price_change_24h: '+4.57%',
      market_cap: '$1.23M',
      volume_24h: '$45.6K',
      liquidity: { total_liquidity: '$2.5M', status: '✅ EXCELLENT' },
    });
    expect(sut.data.analysis.security).toMatchObject({ honeypot_risk: '✅ SAFE', rug_pull_risk: '✅ VERY_LOW', contract_verified: true, proxy_contract: false });
    expect(sut.data.recommendation).toBe(`${clean.scores.symbol} ${clean.scores.recommendation}`);
    expect('metadata' in sut.data).toBe(false);
  });

  it('shows metadata only when asked, with the cache status and age', () => {
    const sut = presentScanA(served(clean, 'CACHED'), { includeMetadata: true, apiVersion: '1.0.0', now: NOW });
    expect((sut.data as { metadata: unknown }).metadata).toMatchObject({
      timestamp: '2026-11-21T12:00:00.000Z',
      api_version: '1.0.0',
      cache_status: 'CACHED',
      cache_age_seconds: 42,
      analysis_time: expect.stringMatching(/^\d+\.\d\ds$/),
    });
  });

  it('labels a honeypot and grades it F', () => {
    const sut = presentScanA(served(honeypot), { includeMetadata: false, apiVersion: '1.0.0', now: NOW });
    expect(sut.data.analysis.security).toMatchObject({ honeypot_risk: '🚨 HONEYPOT' });
    expect(sut.data).toMatchObject({ grade: 'F', recommendation: '🔴 VERY HIGH RISK' });
  });

  it('includes only the sections the report holds', () => {
    const only = { ...clean, market: undefined, holders: undefined, features: ['security'] } as TokenReport;
    expect(Object.keys(presentScanA(served(only), { includeMetadata: false, apiVersion: '1', now: NOW }).data.analysis)).toEqual(['security']);
  });
});

describe('surface B presenters', () => {
  it('analyze: numbers as numbers, taxes as decimal fractions', () => {
    const sut = presentAnalyzeB(priced(taxed));
    expect(sut.analysis_details.security_analysis.scanner_provider_analysis).toEqual({ is_honeypot: false, buy_tax: expect.stringMatching(/^0\.0[45]/), sell_tax: expect.stringMatching(/^0\.2[45]/) });
    expect(sut.analysis_details.market_analysis).toEqual({ price_usd: 1.2345, market_cap: 1_234_567, volume_24h: 45_600 });
    expect(sut.grade_summary).toEqual({ security_analysis: expect.any(String), market_analysis: expect.any(String), holder_analysis: expect.any(String) });
  });

  it('security-analysis lists our findings with severity', () => {
    const sut = presentSecurityAnalysisB(taxed);
    expect(sut.security_analysis.audit_provider_analysis).toMatchObject({ audit_provider_available: true, is_renounced: false, has_owner: true });
    expect(sut.security_analysis.key_findings).toContain('Sell tax 25.0%'.replace('25.0', (taxed.security!.simulation.sellTax ?? 0).toFixed(1)));
  });

  it('service-scores and security-only', () => {
    expect(Object.keys(presentServiceScoresB(clean).component_scores).sort()).toEqual(['holder_analysis', 'market_analysis', 'security_analysis']);
    expect(presentSecurityOnlyB(honeypot)).toMatchObject({ critical_override_applied: true, overall_risk: 'CRITICAL', honeypot: 'HONEYPOT' });
  });

  it('feature results', () => {
    expect(presentSecurityFeature(taxed).simulation.sell_tax).toMatch(/^0\.2[45]/);
    expect(presentMarketFeature(priced(clean))).toMatchObject({ feature: 'market', price_usd: 1.2345, liquidity_status: 'EXCELLENT' });
    expect(presentHoldersFeature(clean).total_holders).toBe(clean.holders!.total_holders);
  });
});
