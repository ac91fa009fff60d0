import type { ServedReport, TokenReport } from '../../src/analysis/report/token-report';
import cleanFixture from '../../src/analysis/report/fixtures/clean.report.json';
import honeypotFixture from '../../src/analysis/report/fixtures/honeypot.report.json';
import taxedFixture from '../../src/analysis/report/fixtures/taxed.report.json';

/** The recorded devnet reports: a clean token, a honeypot, a token with a 25% sell tax. */
const FIXTURES = {
  clean: cleanFixture,
  honeypot: honeypotFixture,
  taxed: taxedFixture,
} as const;
export type ReportFixture = keyof typeof FIXTURES;

/** A fresh deep copy of a recorded report, with top-level fields replaced. */
export function tokenReport(overrides: Partial<TokenReport> = {}, fixture: ReportFixture = 'clean'): TokenReport {
  const base = structuredClone(FIXTURES[fixture]) as unknown as TokenReport;
  return { ...base, ...overrides };
}

/** The clean report with market figures set (the recorded one has no trading), to check formatting. */
export function pricedReport(overrides: Partial<TokenReport> = {}, fixture: ReportFixture = 'clean'): TokenReport {
  const report = tokenReport({}, fixture);
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
    ...overrides,
  };
}

export function servedReport(report: TokenReport = tokenReport(), overrides: Partial<Omit<ServedReport, 'report'>> = {}): ServedReport {
  const cacheStatus = overrides.cacheStatus ?? 'FRESH';
  return { report, cacheStatus, ageSeconds: cacheStatus === 'CACHED' ? 42 : 0, ...overrides };
}
