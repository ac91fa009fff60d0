import { zeroAddress } from 'viem';
import type { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { FIXED_NOW } from '../../../../test/fakes';
import {
  apiKeyRecord,
  healthSnapshot,
  issuedKey,
  pairResolvedReport,
  pricedReport,
  servedReport,
  tokenReport,
} from '../../../../test/factories';
import type { ChatAnswer } from '../../../analysis/ai/chat.service';
import type { XAnalysis } from '../../../analysis/ai/x-analysis.service';
import { presentKeyIssuance, presentValidation } from './account.presenter';
import { presentChatA, presentXAnalysisA } from './ai.presenter';
import { presentHealthA } from './health.presenter';
import { presentScanA, scanBodyA, type ScanPresentationOptions } from './scan.presenter';
import { ScanResponseA } from './scan.schemas';

const OPTIONS: ScanPresentationOptions = { includeMetadata: false, apiVersion: '1.0.0', now: FIXED_NOW };
const HASH = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

/** A record as a careless repository might hand it over: with the row's hash still on it. */
const withHash = (record: ApiKeyRecord) => ({ ...record, keyHash: HASH }) as ApiKeyRecord;

describe('surface A account presenters', () => {
  it('key issuance: the key once, its id as client_id, the limit as text, nothing else', () => {
    const issued = issuedKey({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      expiresAt: new Date('2027-11-21T12:00:00.000Z'),
    });
    const sut = presentKeyIssuance({ ...issued, record: withHash(issued.record) });
    expect(sut).toEqual({
      success: true,
      data: {
        api_key: issued.apiKey,
        client_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
        rate_limit: '60/minute',
        tier: 'free',
        expires_at: '2027-11-21T12:00:00.000Z',
      },
    });
    expect(JSON.stringify(sut)).not.toContain(HASH);
  });

  it('validation: the remaining quota, null for an unlimited key, and never the hash or prefix', () => {
    const sut = presentValidation(
      withHash(
        apiKeyRecord({
          plan: 'enterprise',
          rateLimitPerMinute: 1_000,
          quotaLimit: null,
          quotaRemaining: null,
          expiresAt: new Date('2027-01-01T00:00:00.000Z'),
        }),
      ),
    );
    expect(sut).toEqual({
      success: true,
      data: {
        valid: true,
        tier: 'enterprise',
        rate_limit: '1000/minute',
        expires_at: '2027-01-01T00:00:00.000Z',
        remaining_quota: null,
      },
    });
    expect(presentValidation(apiKeyRecord({ quotaRemaining: 0 })).data.remaining_quota).toBe(0);
  });
});

describe('surface A health presenter', () => {
  it('maps the snapshot to the spec’s components, the devnet only when there is one', () => {
    const sut = presentHealthA(healthSnapshot({ status: 'degraded', database: 'disconnected', chains: 'degraded' }));
    expect(sut).toEqual({
      status: 'degraded',
      timestamp: '2026-11-21T12:00:00.000Z',
      version: '1.0.0',
      components: {
        database: 'disconnected',
        redis: 'available',
        external_apis: 'degraded',
        chains: { eth: 'operational (local devnet)' },
        providers: {
          source_verification: 'operational (devnet-published-sources)',
          social_data: 'operational (devnet)',
          llm: 'operational (built-in analyst)',
        },
      },
    });
    const devnet = { lineage: '3fa85f64', consistent: false, reason: 'rewound' };
    expect(presentHealthA(healthSnapshot({ devnet })).components.devnet).toEqual(devnet);
  });
});

describe('surface A scan presenter', () => {
  it('renders the spec’s report with labelled strings', () => {
    const report = pricedReport();
    const sut = presentScanA(servedReport(report), OPTIONS);
    expect(sut.success).toBe(true);
    expect(sut.data.token_info).toEqual({
      name: 'Clean Token',
      symbol: 'CLEAN',
      contract_address: report.address,
      chain: 'Local devnet',
      chain_id: 31337,
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
    expect(sut.data.analysis.security).toMatchObject({
      honeypot_risk: '✅ SAFE',
      rug_pull_risk: '✅ VERY_LOW',
      contract_verified: true,
      proxy_contract: false,
    });
    expect(sut.data).toMatchObject({ service_score: 85, grade: 'A', recommendation: '🟢 SAFE TO TRADE' });
    expect('metadata' in sut.data).toBe(false);
    expect('incomplete_sections' in sut.data).toBe(false);
  });

  it('names the chain that answered the report: eth served by a mainnet node is Ethereum, chain 1', () => {
    const report = tokenReport({ chain: 'eth', chainId: 1, chainName: 'Ethereum', servedByDevnet: false });
    expect(presentScanA(servedReport(report), OPTIONS).data.token_info).toMatchObject({
      chain: 'Ethereum',
      chain_id: 1,
    });
  });

  it("shows the score card's rug-pull level through A's labels, not a level of its own", () => {
    const report = tokenReport();
    const sut = presentScanA(servedReport({ ...report, scores: { ...report.scores, rugPull: 'MEDIUM' } }), OPTIONS);
    expect(sut.data.analysis.security?.rug_pull_risk).toBe('⚠️ MEDIUM');
  });

  it('shows unknown market figures as N/A, not as zero', () => {
    const sut = presentScanA(servedReport(tokenReport({}, 'taxed')), OPTIONS);
    expect(sut.data.analysis.market).toMatchObject({
      price: 'N/A',
      price_change_24h: 'N/A',
      market_cap: 'N/A',
      volume_24h: 'N/A',
      liquidity: { total_liquidity: 'N/A', status: '❓ UNKNOWN' },
      trading_pairs: [
        {
          dex: 'Uniswap V2',
          pair: 'TAXED/WETH',
          pair_address: '0xF51cfdbCACC8bD52f82bEf76E37e6Ed51bF50f47',
          liquidity: 'N/A',
          volume_24h: 'N/A',
        },
      ],
    });
  });

  it('shows metadata only when asked, with the cache status and age', () => {
    const sut = presentScanA(servedReport(tokenReport(), { cacheStatus: 'CACHED' }), {
      ...OPTIONS,
      includeMetadata: true,
    });
    expect((sut.data as { metadata: unknown }).metadata).toEqual({
      timestamp: '2026-11-21T12:00:00.000Z',
      api_version: '1.0.0',
      cache_status: 'CACHED',
      cache_age_seconds: 42,
      analysis_time: expect.stringMatching(/^\d+\.\d\ds$/),
      analyzed_at: tokenReport().generatedAt,
      network: 'local devnet',
    });
  });

  it('serialises a report once: a report served again gets the same text, metadata per call', () => {
    const report = tokenReport();
    const first = scanBodyA(servedReport(report), OPTIONS);
    expect(JSON.parse(first)).toEqual(presentScanA(servedReport(report), OPTIONS));
    expect(
      scanBodyA(servedReport(report, { cacheStatus: 'CACHED' }), { ...OPTIONS, now: new Date('2027-01-01T00:00:00Z') }),
    ).toBe(first);
    // Another report object (a fresher analysis of the same token) is presented anew.
    const fresher = { ...report, scores: { ...report.scores, serviceScore: 12 } };
    expect(JSON.parse(scanBodyA(servedReport(fresher), OPTIONS)).data.service_score).toBe(12);
    const later = new Date('2027-01-01T00:00:00Z');
    const withMetadata = JSON.parse(
      scanBodyA(servedReport(report, { cacheStatus: 'CACHED' }), { ...OPTIONS, includeMetadata: true, now: later }),
    );
    expect(withMetadata.data.metadata).toMatchObject({ timestamp: later.toISOString(), cache_status: 'CACHED' });
  });

  it('labels a honeypot, lists its malicious functions and grades it F', () => {
    const sut = presentScanA(servedReport(tokenReport({}, 'honeypot')), OPTIONS);
    expect(sut.data).toMatchObject({ grade: 'F', recommendation: '🔴 VERY HIGH RISK' });
    expect(sut.data.analysis.security).toMatchObject({
      honeypot_risk: '🚨 HONEYPOT',
      rug_pull_risk: '🚨 VERY_HIGH',
      malicious_functions: [
        {
          function: 'setWhitelisted(address,bool)',
          selector: '0x9281aa0b',
          kind: 'whitelist_only',
          status: 'live',
          severity: 'HIGH',
          risk: expect.stringContaining('whitelist_only'),
        },
      ],
    });
  });

  it('shows taxes as percentages with two decimals, N/A when the trade could not be simulated', () => {
    const taxed = tokenReport({}, 'taxed');
    expect(presentScanA(servedReport(taxed), OPTIONS).data.analysis.security).toMatchObject({
      taxes: { buy: '5.00%', sell: '24.96%', transfer: '0.00%' },
      trade_simulation: 'completed',
    });
    const untradable = tokenReport({}, 'taxed');
    untradable.security!.simulation = {
      ...untradable.security!.simulation,
      possible: false,
      reason: 'no_pool',
      detail: null,
      buyTax: null,
      sellTax: null,
      transferTax: null,
    };
    expect(presentScanA(servedReport(untradable), OPTIONS).data.analysis.security).toMatchObject({
      taxes: { buy: 'N/A', sell: 'N/A', transfer: 'N/A' },
      trade_simulation: 'not possible: no_pool',
    });
  });

  it('shows an unknown owner as the zero address', () => {
    const report = tokenReport({}, 'taxed');
    report.security!.contract.ownership = { ...report.security!.contract.ownership, owner: null };
    expect(presentScanA(servedReport(report), OPTIONS).data.analysis.security).toMatchObject({
      ownership_analysis: { owner_address: zeroAddress, can_mint: false },
    });
  });

  it('includes only the sections the report holds', () => {
    const only = tokenReport({ market: undefined, holders: undefined, features: ['security'] });
    expect(Object.keys(presentScanA(servedReport(only), OPTIONS).data.analysis)).toEqual(['security']);
  });

  it('lists the sections that could not be finished, with their reasons but not the log reference', () => {
    const report = tokenReport({
      holders: undefined,
      incomplete: [
        { section: 'holder_analysis', reason: 'the chain node timed out', reference: 'err-7f3a' },
        { section: 'wash_trading', reason: 'no trades indexed' },
      ],
    });
    const sut = presentScanA(servedReport(report), OPTIONS);
    expect((sut.data as { incomplete_sections: unknown }).incomplete_sections).toEqual([
      { section: 'holder_analysis', reason: 'the chain node timed out' },
      { section: 'wash_trading', reason: 'no trades indexed' },
    ]);
    expect(Object.keys(sut.data.analysis)).toEqual(['security', 'market']);
    expect(JSON.stringify(sut)).not.toContain('err-7f3a');
  });
});

describe('surface A x-analysis presenter', () => {
  const unavailable: XAnalysis = {
    token: {
      name: 'Clean Token',
      symbol: 'CLEAN',
      address: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
      chain: 'bsc',
      chainId: 56,
      chainName: 'BNB Smart Chain',
    },
    available: false,
    reason: 'no social data provider is configured',
    source: null,
    asOf: null,
    sentiment: null,
    trends: null,
    influencerActivity: null,
    engagementVolume: null,
    socialScore: null,
    links: {},
    topPosts: [],
    summary: 'No social data for CLEAN.',
  };

  it('names the chain both by name and by id', () => {
    expect(presentXAnalysisA(unavailable).data.token_info).toEqual({
      name: 'Clean Token',
      symbol: 'CLEAN',
      contract_address: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
      chain: 'BNB Smart Chain',
      chain_id: 56,
    });
  });
});

describe('surface A chat presenter', () => {
  const answer = (overrides: Partial<ChatAnswer> = {}): ChatAnswer => ({
    conversationId: 'c-1',
    answer: 'CLEAN looks safe.',
    intent: 'safety',
    tokens: [
      {
        address: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
        chain: 'eth',
        chainId: 31337,
        name: 'Clean Token',
        symbol: 'CLEAN',
        serviceScore: 85,
        grade: 'A',
        honeypot: null,
      },
    ],
    engine: 'built-in',
    model: 'analyst-v1',
    messageCount: 2,
    answeredAt: FIXED_NOW.toISOString(),
    ...overrides,
  });

  it('maps the tokens to snake case, keeping an undecided honeypot as null', () => {
    expect(presentChatA(answer())).toEqual({
      success: true,
      data: {
        conversation_id: 'c-1',
        answer: 'CLEAN looks safe.',
        intent: 'safety',
        tokens: [
          {
            contract_address: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
            chain: 'eth',
            chain_id: 31337,
            name: 'Clean Token',
            symbol: 'CLEAN',
            service_score: 85,
            grade: 'A',
            honeypot: null,
          },
        ],
        engine: 'built-in',
        model: 'analyst-v1',
        message_count: 2,
        timestamp: '2026-11-21T12:00:00.000Z',
      },
    });
  });

  it('says why the built-in analyst answered only when the LLM failed', () => {
    expect(presentChatA(answer({ fallbackReason: 'llm is unavailable' })).data).toMatchObject({
      fallback_reason: 'llm is unavailable',
    });
    expect(presentChatA(answer()).data).not.toHaveProperty('fallback_reason');
  });
});

describe('surface A scan of a pasted pair', () => {
  it('shows data.resolved_from (valid against the schema) only when the report was resolved from a pair', () => {
    const { report, shown } = pairResolvedReport();
    const sut = presentScanA(servedReport(report), OPTIONS);
    expect(sut.data.resolved_from).toEqual(shown);
    expect(ScanResponseA.parse(sut)).toEqual(sut);
    expect('resolved_from' in presentScanA(servedReport(), OPTIONS).data).toBe(false);
  });
});
