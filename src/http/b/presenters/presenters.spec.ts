import { z } from 'zod';
import type { ApiKeyRecord } from '../../../accounts/api-key.repository';
import type { BatchResult } from '../../../analysis/batch/batch-scan.service';
import type { TokenReport } from '../../../analysis/report/token-report';
import { AppError } from '../../../common/errors/app-error';
import { PROVIDER_KINDS } from '../../../common/upstream-gate';
import { FIXED_NOW } from '../../../../test/fakes';
import {
  apiKeyRecord,
  healthSnapshot,
  issuedKey,
  nonceGrant,
  pairResolvedReport,
  pricedReport,
  servedReport,
  tokenReport,
  verifiedPayment,
} from '../../../../test/factories';
import { NonceResponseB, presentNonce, presentTestKey, TestKeyResponseB } from './account.presenter';
import { AnalyzeBatchResponseB, presentAnalyzeBatchB } from './batch.presenter';
import {
  HoldersFeatureResponseB,
  MarketFeatureResponseB,
  presentHoldersFeature,
  presentMarketFeature,
  presentSecurityFeature,
  presentSocialFeature,
  SecurityFeatureResponseB,
  SocialScoreFeatureResponseB,
} from './features.presenter';
import { HealthRecordB, presentHealthB } from './health.presenter';
import { presentPurchase, PurchaseResponseB } from './purchase.presenter';
import { presentRateLimits, RateLimitsResponseB } from './rate-limits.presenter';
import {
  AnalyzeResponseB,
  analyzeBodyB,
  presentAnalyzeB,
  presentSecurityAnalysisB,
  presentSecurityOnlyB,
  presentServiceScoresB,
  SecurityAnalysisResponseB,
  SecurityOnlyResponseB,
  ServiceScoresResponseB,
} from './token.presenter';
import {
  CreatedKeyResponseB,
  keyStatus,
  presentCreatedKey,
  presentRecentCalls,
  presentUsageStats,
  presentWalletKeys,
  presentWalletStats,
  RecentCallsResponseB,
  UsageStatsResponseB,
  WalletKeysResponseB,
  WalletStatsResponseB,
} from './user.presenter';

const DAY_MS = 86_400_000;
const HASH = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const withHash = (record: ApiKeyRecord) => ({ ...record, keyHash: HASH }) as ApiKeyRecord;

/** The report with the engine's component scores replaced. */
function withComponents(
  components: TokenReport['scores']['components'],
  fixture: 'clean' | 'taxed' = 'clean',
): TokenReport {
  const report = tokenReport({}, fixture);
  return { ...report, scores: { ...report.scores, components } };
}

describe('surface B token presenters', () => {
  it('analyze: numbers as numbers, taxes as decimal fractions', () => {
    const sut = presentAnalyzeB(pricedReport({}, 'taxed'));
    expect(sut.analysis_details.security_analysis).toEqual({
      security_score: 53,
      overall_risk: 'HIGH',
      audit_provider_analysis: { overall_audit_rating: 'D', is_renounced: false, token_name: 'Taxed Token' },
      scanner_provider_analysis: { is_honeypot: false, buy_tax: '0.05', sell_tax: '0.2496' },
    });
    expect(sut.analysis_details.market_analysis).toEqual({
      price_usd: 1.2345,
      market_cap: 1_234_567,
      volume_24h: 45_600,
    });
    expect(sut.analysis_details.token_data).toMatchObject({
      name: 'Taxed Token',
      decimals: 18,
      description_confidence: 0.8,
    });
    expect(sut.grade_summary).toEqual({ security_analysis: 'D', market_analysis: 'C', holder_analysis: 'F' });
  });

  it('analyze as text: the same answer, serialised once per report object', () => {
    const report = pricedReport({}, 'taxed');
    const sut = analyzeBodyB(report);
    expect(JSON.parse(sut)).toEqual(presentAnalyzeB(report));
    expect(analyzeBodyB(report)).toBe(sut);
    // Another report object (a fresher analysis of the same token) is presented anew.
    const other = { ...report, token: { ...report.token, name: 'Renamed Token' } };
    expect(JSON.parse(analyzeBodyB(other)).analysis_details.token_data.name).toBe('Renamed Token');
  });

  it('analyze: unknown market figures stay null', () => {
    expect(presentAnalyzeB(tokenReport({}, 'taxed')).analysis_details.market_analysis).toEqual({
      price_usd: null,
      market_cap: null,
      volume_24h: null,
    });
  });

  it('grade_summary and component_scores name only the components analysed, in B’s names', () => {
    const security = { score: 90, grade: 'A+' as const, findings: [] };
    const partial = withComponents({ security, wash_trading: { score: 70, grade: 'B', findings: [] } });
    expect(presentAnalyzeB(pricedReport(partial)).grade_summary).toEqual({
      security_analysis: 'A+',
      wash_trading_analysis: 'B',
    });
    const all = withComponents({
      security,
      market: { score: 60, grade: 'C', findings: [] },
      holders: { score: 50, grade: 'D', findings: [] },
      wash_trading: { score: 80, grade: 'A', findings: [] },
      sniper: { score: 10, grade: 'F', findings: [] },
    });
    const sut = presentServiceScoresB(all);
    expect(sut.grade_summary).toEqual({
      security_analysis: 'A+',
      market_analysis: 'C',
      holder_analysis: 'D',
      wash_trading_analysis: 'A',
      sniper_sellers_analysis: 'F',
    });
    expect(sut.component_scores).toEqual({
      security_analysis: 90,
      market_analysis: 60,
      holder_analysis: 50,
      wash_trading_analysis: 80,
      sniper_sellers_analysis: 10,
    });
    expect(sut.token_data).toEqual({ name: 'Clean Token', symbol: 'CLEAN', description: all.description.text });
  });

  it.each([
    ['VERY_LOW', 'LOW'],
    ['LOW', 'LOW'],
    ['MEDIUM', 'MEDIUM'],
    ['HIGH', 'HIGH'],
    ['VERY_HIGH', 'CRITICAL'],
  ] as const)(
    "shows the score card's %s security and rug-pull level as %s on every answer, whatever the score",
    (level, shown) => {
      const report = tokenReport({}, 'taxed');
      const sut = { ...report, scores: { ...report.scores, securityRisk: level, rugPull: level } };
      expect(presentAnalyzeB(sut).analysis_details.security_analysis.overall_risk).toBe(shown);
      expect(presentSecurityAnalysisB(sut).security_analysis.overall_risk).toBe(shown);
      expect(presentSecurityOnlyB(sut).overall_risk).toBe(shown);
      expect(presentSecurityFeature(sut)).toMatchObject({ score: 53, overall_risk: shown, rug_pull_risk: shown });
    },
  );

  it('security-analysis: our findings with severity, owner and taxes', () => {
    const sut = presentSecurityAnalysisB(tokenReport({}, 'taxed'));
    expect(sut.security_analysis).toMatchObject({ security_score: 53, security_grade: 'D', overall_risk: 'HIGH' });
    expect(sut.security_analysis.audit_provider_analysis).toMatchObject({
      audit_provider_available: true,
      is_renounced: false,
      has_owner: true,
      ai_audit_findings: [
        {
          severity: 'CRITICAL',
          issue: 'setFees(uint256,uint256)',
          kind: 'confiscatory_fee',
          description: expect.stringContaining('confiscates'),
        },
      ],
    });
    expect(sut.security_analysis.scanner_provider_analysis).toEqual({
      scanner_provider_available: true,
      is_honeypot: false,
      is_mintable: false,
      buy_tax: '0.05',
      sell_tax: '0.2496',
      contract_verified: true,
    });
    expect(sut.security_analysis.key_findings).toEqual([
      'Sell tax 25.0%',
      'Owner can change fees',
      'Buy tax 5.0%',
      'Ownership not renounced',
    ]);
  });

  it('security-analysis: a renounced contract has no owner, an unsimulated one no taxes', () => {
    const clean = tokenReport();
    expect(presentSecurityAnalysisB(clean).security_analysis.audit_provider_analysis).toMatchObject({
      is_renounced: true,
      has_owner: false,
      ai_audit_findings: [],
    });
    clean.security!.simulation = { ...clean.security!.simulation, possible: false, buyTax: null, sellTax: null };
    expect(presentSecurityAnalysisB(clean).security_analysis.scanner_provider_analysis).toMatchObject({
      scanner_provider_available: false,
      buy_tax: null,
      sell_tax: null,
    });
  });

  it('security-only: the critical override and its issues', () => {
    expect(presentSecurityOnlyB(tokenReport({}, 'honeypot'))).toEqual({
      success: true,
      security_score: 0,
      security_grade: 'F',
      overall_risk: 'CRITICAL',
      critical_issues: ['Honeypot: sell reverted: TRANSFER_FAILED'],
      critical_override_applied: true,
      key_security_findings: ['Honeypot: sell reverted: TRANSFER_FAILED', 'Ownership not renounced'],
      honeypot: 'HONEYPOT',
      token_info: { name: expect.any(String), symbol: expect.any(String) },
    });
    expect(presentSecurityOnlyB(tokenReport())).toMatchObject({
      critical_override_applied: false,
      critical_issues: [],
      honeypot: 'SAFE',
      overall_risk: 'LOW',
    });
  });
});

describe('surface B feature presenters', () => {
  it('security: taxes as fractions, trade limits, unknowns as null', () => {
    const sut = presentSecurityFeature(tokenReport({}, 'taxed'));
    expect(sut).toMatchObject({
      success: true,
      feature: 'security',
      score: 53,
      grade: 'D',
      overall_risk: 'HIGH',
      honeypot: 'SAFE',
      rug_pull_risk: 'CRITICAL',
    });
    expect(sut.simulation).toMatchObject({
      buy_tax: '0.05',
      sell_tax: '0.2496',
      transfer_tax: '0',
      max_buy_percent_of_supply: 5,
      max_sell_percent_of_supply: 4.7453,
    });
    expect(sut.contract).toMatchObject({
      can_change_fees: true,
      has_limits: false,
      proxy_kind: null,
      implementation: null,
    });
  });

  it('market and holders', () => {
    expect(presentMarketFeature(pricedReport())).toMatchObject({
      feature: 'market',
      price_usd: 1.2345,
      price_change_24h: 4.57,
      liquidity_status: 'EXCELLENT',
    });
    expect(presentMarketFeature(tokenReport({}, 'taxed'))).toMatchObject({
      price_usd: null,
      price_change_24h: null,
      liquidity_usd: null,
      block: 346,
    });
    const taxed = tokenReport({}, 'taxed');
    expect(presentHoldersFeature(taxed)).toMatchObject({
      total_holders: 41,
      top_10_percentage: 57.97,
      distribution: 'CONCENTRATED',
      whale_activity: 'MODERATE',
    });
  });
});

describe('surface B account and user presenters', () => {
  it('test key: the key, its 10 scans, expiry and plan, nothing else', () => {
    const issued = issuedKey(
      {
        plan: 'test',
        quotaLimit: 10,
        quotaRemaining: 10,
        quotaResetAt: null,
        expiresAt: new Date('2026-11-28T12:00:00.000Z'),
      },
      'test',
    );
    const sut = presentTestKey({ ...issued, record: withHash(issued.record) });
    expect(sut).toEqual({
      success: true,
      api_key: issued.apiKey,
      quota: 10,
      expires_at: '2026-11-28T12:00:00.000Z',
      plan: 'test',
    });
  });

  it('nonce: the grant in snake case, the message only when written', () => {
    expect(presentNonce(nonceGrant())).toEqual({
      success: true,
      nonce: 'f'.repeat(32),
      expires_at: '2026-11-21T12:05:00.000Z',
      domain: 'api.example.com',
      uri: 'https://api.example.com',
      chain_id: 1,
    });
    expect(presentNonce(nonceGrant({ message: 'sign me' })).message).toBe('sign me');
  });

  it('key status: revoked before expired, expired from the expiry instant', () => {
    expect(
      keyStatus(apiKeyRecord({ revokedAt: FIXED_NOW, expiresAt: new Date(FIXED_NOW.getTime() - 1) }), FIXED_NOW),
    ).toBe('revoked');
    expect(keyStatus(apiKeyRecord({ expiresAt: FIXED_NOW }), FIXED_NOW)).toBe('expired');
    expect(keyStatus(apiKeyRecord({ expiresAt: new Date(FIXED_NOW.getTime() + 1) }), FIXED_NOW)).toBe('active');
  });

  it('usage stats: the counts, the quota and the calls per day; a quota that never resets shows the key’s expiry', () => {
    const counts = { total: 12, today: 2, thisMonth: 7 };
    const daily = [
      { day: '2026-11-20', calls: 5 },
      { day: '2026-11-21', calls: 2 },
    ];
    expect(
      presentUsageStats({
        key: apiKeyRecord({ quotaRemaining: 9_000, quotaResetAt: new Date('2026-12-01T00:00:00.000Z') }),
        counts,
        daily,
      }),
    ).toEqual({
      success: true,
      stats: {
        total_calls: 12,
        calls_today: 2,
        calls_this_month: 7,
        remaining_quota: 9_000,
        plan: 'free',
        quota_reset_date: '2026-12-01T00:00:00.000Z',
        calls_by_day: daily,
      },
    });
    const test = apiKeyRecord({
      plan: 'test',
      quotaRemaining: 3,
      quotaResetAt: null,
      expiresAt: new Date('2026-11-28T12:00:00.000Z'),
    });
    expect(presentUsageStats({ key: test, counts, daily }).stats).toMatchObject({
      plan: 'test',
      remaining_quota: 3,
      quota_reset_date: '2026-11-28T12:00:00.000Z',
    });
    expect(
      presentUsageStats({ key: apiKeyRecord({ quotaLimit: null, quotaRemaining: null }), counts, daily }).stats
        .remaining_quota,
    ).toBeNull();
  });

  it('recent calls: timestamps as ISO text, latency in snake case', () => {
    expect(
      presentRecentCalls([
        { timestamp: FIXED_NOW, method: 'GET', endpoint: '/scanner/api/v1/user/stats', status: 200, latencyMs: 12 },
      ]),
    ).toEqual({
      success: true,
      calls: [
        {
          timestamp: '2026-11-21T12:00:00.000Z',
          method: 'GET',
          endpoint: '/scanner/api/v1/user/stats',
          status: 200,
          latency_ms: 12,
        },
      ],
    });
  });

  it('wallet keys: prefixes and status, never the key or its hash; a test key’s reset date is null', () => {
    const pro = withHash(
      apiKeyRecord({
        prefix: 'ta_1a2b3c4d',
        plan: 'pro',
        rateLimitPerMinute: 300,
        quotaRemaining: 299_000,
        createdAt: new Date('2026-11-01T00:00:00.000Z'),
      }),
    );
    const test = withHash(
      apiKeyRecord({
        prefix: 'test_9f8e7d6c',
        plan: 'test',
        quotaResetAt: null,
        quotaRemaining: 0,
        expiresAt: new Date(FIXED_NOW.getTime() - DAY_MS),
      }),
    );
    const sut = presentWalletKeys('0xabc', [pro, test], FIXED_NOW);
    expect(sut.keys[0]).toEqual({
      key_prefix: 'ta_1a2b3c4d',
      plan: 'pro',
      status: 'active',
      rate_limit: '300/minute',
      remaining_quota: 299_000,
      quota_reset_date: pro.quotaResetAt!.toISOString(),
      created_at: '2026-11-01T00:00:00.000Z',
      expires_at: pro.expiresAt.toISOString(),
    });
    expect(sut.keys[1]).toMatchObject({
      key_prefix: 'test_9f8e7d6c',
      status: 'expired',
      quota_reset_date: null,
      remaining_quota: 0,
    });
    expect(JSON.stringify(sut)).not.toContain(HASH);
  });

  it('created key: the full key once beside its summary', () => {
    const issued = issuedKey({ plan: 'starter' });
    const sut = presentCreatedKey({ ...issued, record: withHash(issued.record) }, FIXED_NOW);
    expect(sut).toMatchObject({
      success: true,
      api_key: issued.apiKey,
      key: { key_prefix: issued.record.prefix, plan: 'starter', status: 'active' },
    });
    expect(Object.keys(sut.key)).not.toContain('id');
    expect(JSON.stringify(sut)).not.toContain(HASH);
  });

  it('wallet stats: keys counted, only live ones as active', () => {
    const keys = [apiKeyRecord(), apiKeyRecord({ revokedAt: FIXED_NOW }), apiKeyRecord({ expiresAt: FIXED_NOW })];
    expect(
      presentWalletStats(
        '0xabc',
        { counts: { total: 9, today: 1, thisMonth: 4 }, keys, activePlans: ['pro'] },
        FIXED_NOW,
      ),
    ).toEqual({
      success: true,
      wallet: '0xabc',
      stats: { total_calls: 9, calls_today: 1, calls_this_month: 4, keys: 3, active_keys: 1, active_plans: ['pro'] },
    });
  });
});

describe('surface B health presenter', () => {
  it('reports uptime as text and every upstream by the chains’ status', () => {
    expect(
      presentHealthB(healthSnapshot({ chains: 'unavailable', database: 'disconnected', status: 'degraded' })),
    ).toEqual({
      status: 'degraded',
      timestamp: '2026-11-21T12:00:00.000Z',
      version: '1.0.0',
      uptime: '1 days, 01:01:01',
      services: {
        audit_provider_api: 'unavailable',
        scanner_provider_api: 'unavailable',
        market_data_api: 'unavailable',
        database: 'disconnected',
      },
    });
  });
});

/** Parsing drops undocumented fields and fails on missing or mistyped ones: equal means exactly as documented. */
function expectDocumented(schema: z.ZodType, body: unknown): void {
  expect(schema.parse(body)).toEqual(body);
}

describe('surface B presenters answer exactly their documented schemas', () => {
  const usage = { requestsToday: 120, dailyLimit: 100_000, rateLimitHits: 0 };

  it.each(['clean', 'honeypot', 'taxed'] as const)('token answers of the %s report', (fixture) => {
    const report = tokenReport({}, fixture);
    expectDocumented(AnalyzeResponseB, presentAnalyzeB(report));
    expectDocumented(AnalyzeResponseB, presentAnalyzeB(pricedReport({}, fixture)));
    expectDocumented(SecurityAnalysisResponseB, presentSecurityAnalysisB(report));
    expectDocumented(ServiceScoresResponseB, presentServiceScoresB(report));
    expectDocumented(SecurityOnlyResponseB, presentSecurityOnlyB(report));
    expectDocumented(SecurityFeatureResponseB, presentSecurityFeature(report));
    expectDocumented(MarketFeatureResponseB, presentMarketFeature(report));
    expectDocumented(HoldersFeatureResponseB, presentHoldersFeature(report));
  });

  it('social-score without social data: why, and the links', () => {
    const links = { website: 'https://cleantoken.example', x: null, telegram: null, github: null, found: [] };
    const sut = presentSocialFeature(
      tokenReport({
        social: { available: false, reason: 'no social data is known for this token', source: null, links },
      }),
    );
    expect(sut).toMatchObject({
      feature: 'social-score',
      available: false,
      links: { website: 'https://cleantoken.example', x: null },
    });
    expectDocumented(SocialScoreFeatureResponseB, sut);
  });

  it('batch: answered items carry the analysis, failed ones B’s error fields (the 429 form for a rate limit)', () => {
    const result: BatchResult = {
      outcomes: [
        { ok: true, served: servedReport() },
        { ok: false, error: new AppError('not_found', 'Token not found or not supported') },
        {
          ok: false,
          error: new AppError('rate_limited', 'Upstream market_data is saturated: retry in 5s', {
            provider: 'market_data',
            retryAfter: 5,
          }),
        },
      ],
      charged: 1,
    };
    const tokens = [
      { contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      { contract_address: '0x0000000000000000000000000000000000000001', chain: 'bsc' },
      { contract_address: '0x0000000000000000000000000000000000000002' },
    ];
    const sut = presentAnalyzeBatchB(result, tokens);
    expect(sut.results[1]).toEqual({
      index: 1,
      contract_address: tokens[1].contract_address,
      chain: 'bsc',
      success: false,
      error: 'not_found',
      message: 'Token not found or not supported',
    });
    expect(sut.results[2]).toEqual({
      index: 2,
      contract_address: tokens[2].contract_address,
      chain: 'eth',
      success: false,
      error: 'rate_limited',
      provider: 'market_data',
      reason: 'Upstream market_data is saturated: retry in 5s',
      retry_after: 5,
    });
    expect(sut.summary).toEqual({ requested: 3, succeeded: 1, failed: 2, quota_charged: 1 });
    expectDocumented(AnalyzeBatchResponseB, sut);
  });

  it('account, user, plan, health and rate-limit answers', () => {
    const issued = issuedKey({ plan: 'pro' });
    const test = issuedKey({ plan: 'test', quotaLimit: 10, quotaResetAt: null }, 'test');
    expectDocumented(NonceResponseB, presentNonce(nonceGrant()));
    expectDocumented(NonceResponseB, presentNonce(nonceGrant({ message: 'sign me' })));
    expectDocumented(TestKeyResponseB, presentTestKey(test));
    expectDocumented(PurchaseResponseB, presentPurchase({ issued, payment: verifiedPayment() }));
    const counts = { total: 12, today: 2, thisMonth: 7 };
    expectDocumented(
      UsageStatsResponseB,
      presentUsageStats({
        key: apiKeyRecord({ quotaLimit: null, quotaRemaining: null }),
        counts,
        daily: [{ day: '2026-11-21', calls: 2 }],
      }),
    );
    expectDocumented(
      RecentCallsResponseB,
      presentRecentCalls([
        { timestamp: FIXED_NOW, method: 'GET', endpoint: '/scanner/api/v1/user/stats', status: 200, latencyMs: 12 },
      ]),
    );
    expectDocumented(WalletKeysResponseB, presentWalletKeys('0xabc', [issued.record, test.record], FIXED_NOW));
    expectDocumented(CreatedKeyResponseB, presentCreatedKey(issued, FIXED_NOW));
    expectDocumented(
      WalletStatsResponseB,
      presentWalletStats('0xabc', { counts, keys: [issued.record], activePlans: ['pro'] }, FIXED_NOW),
    );
    expectDocumented(HealthRecordB, presentHealthB(healthSnapshot()));
    const stats = { currentConcurrent: 3, requestsThisMinute: 42, maxConcurrent: 50 };
    const byKind = {
      audit_provider: usage,
      scanner_provider: usage,
      market_data: usage,
      block_explorer: usage,
      social_data: usage,
      llm: usage,
      chain_rpc: usage,
    };
    const rateLimits = presentRateLimits(stats, byKind, 600);
    expect(Object.keys(rateLimits.rate_limits.api_usage)).toEqual([...PROVIDER_KINDS]);
    expectDocumented(RateLimitsResponseB, rateLimits);
  });
});

describe('surface B answers for a pasted pair', () => {
  it('show resolved_from (valid against each schema) beside the token, only when the report was resolved from a pair', () => {
    const { report, shown } = pairResolvedReport();
    const answers = [
      [presentAnalyzeB(report), AnalyzeResponseB],
      [presentSecurityAnalysisB(report), SecurityAnalysisResponseB],
      [presentServiceScoresB(report), ServiceScoresResponseB],
      [presentSecurityOnlyB(report), SecurityOnlyResponseB],
      [presentSecurityFeature(report), SecurityFeatureResponseB],
      [presentMarketFeature(report), MarketFeatureResponseB],
    ] as const;
    for (const [answer, schema] of answers) {
      expect(answer.resolved_from).toEqual(shown);
      expect(schema.parse(answer)).toEqual(answer);
    }
    expect('resolved_from' in presentAnalyzeB(tokenReport())).toBe(false);
    expect('resolved_from' in presentSecurityFeature(tokenReport())).toBe(false);
  });
});
