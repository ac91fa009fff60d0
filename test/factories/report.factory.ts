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

export function servedReport(
  report: TokenReport = tokenReport(),
  overrides: Partial<Omit<ServedReport, 'report'>> = {},
): ServedReport {
  const cacheStatus = overrides.cacheStatus ?? 'FRESH';
  return { report, cacheStatus, ageSeconds: cacheStatus === 'CACHED' ? 42 : 0, ...overrides };
}

/** The clean report as served for its pasted pair (`resolvedFrom` set), and the field every surface shows for it. */
export function pairResolvedReport(): { report: TokenReport; shown: Record<string, string> } {
  const resolvedFrom: NonNullable<TokenReport['resolvedFrom']> = {
    address: '0xaDaA1Ea0106589956419179E11c06891dDf4A789',
    kind: 'v2_pair',
    dex: 'Uniswap V2',
    side: 'token1',
    pairedWith: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    rule: 'non_quote_side',
    note: 'the Uniswap V2 pair of WETH and CLEAN; this report is for CLEAN, the side that is not the quote token (WETH).',
  };
  const { pairedWith, ...rest } = resolvedFrom;
  return { report: tokenReport({ resolvedFrom }), shown: { ...rest, paired_with: pairedWith } };
}
