import { readManifest } from '../devnet';
import { CreatorAnalyzer } from '../src/analysis/creator/creator.analyzer';
import { HolderAnalyzer } from '../src/analysis/holders/holder.analyzer';
import { MarketAnalyzer } from '../src/analysis/market/market.analyzer';
import { TradeSimulator } from '../src/analysis/simulation/trade.simulator';
import { ChainUnavailableError } from '../src/chain/chain.errors';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const { clean, taxed } = readManifest().tokens;

/**
 * A defect in one analyzer costs its section, never the request: the report comes back with the
 * section listed as incomplete (and is not cached), and a caller that cannot answer without that
 * section gets 503 with Retry-After in its surface's envelope. Failures with a meaning of their own
 * (the chain's node is down) keep their status.
 */
describe('An unexpected error inside a scan section', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await bootTestApp();
    key = await keyOfPlan(t, 'team');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const scanA = (body: Record<string, unknown> = {}) =>
    t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: clean.address, chain: 'eth', cache_ttl: 0, ...body });

  it('surface A serves the report without the failed section and names it, with a logged reference; nothing is cached', async () => {
    jest
      .spyOn(t.app.get(HolderAnalyzer), 'analyze')
      .mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'balance')"));
    const res = await scanA({ cache_ttl: 3600 }).expect(200);
    expect(res.body.data.analysis.security).toBeDefined();
    expect(res.body.data.analysis.market).toBeDefined();
    expect(res.body.data.analysis.holder_analysis).toBeUndefined();
    expect(res.body.data.incomplete_sections).toEqual([
      {
        section: 'holder_analysis',
        reason: expect.stringMatching(/^unexpected error while analysing \(reference [0-9a-f]{8}\)$/),
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain("reading 'balance'");

    // The incomplete report was not cached: the next scan that accepts an hour-old report analyses again, whole.
    const again = await scanA({ cache_ttl: 3600, include_metadata: true }).expect(200);
    expect(again.body.data.incomplete_sections).toBeUndefined();
    expect(again.body.data.analysis.holder_analysis).toMatchObject({ total_holders: expect.any(Number) });
    expect(again.body.data.metadata.cache_status).toBe('FRESH');
  });

  it("a failed read of the pools (the market's first round) marks every section built on them incomplete, with the reason", async () => {
    jest.spyOn(t.app.get(MarketAnalyzer), 'discover').mockRejectedValueOnce(new RangeError('Invalid array length'));
    const res = await scanA({ features: ['security', 'holder_analysis', 'wash_trading'] }).expect(200);
    expect(res.body.data.analysis.security).toBeDefined();
    const sections = res.body.data.incomplete_sections as { section: string; reason: string }[];
    expect(sections.map((s) => s.section).sort()).toEqual(['holder_analysis', 'wash_trading']);
    expect(sections.every((s) => s.reason === 'needs the market section, which could not be finished')).toBe(true);
  });

  it("a failure in the market's later rounds (prices, volume) costs the market only: holders and wash trading need just the pools", async () => {
    jest.spyOn(t.app.get(MarketAnalyzer), 'analyze').mockRejectedValueOnce(new RangeError('Invalid array length'));
    const res = await scanA({ features: ['market', 'holder_analysis', 'wash_trading'] }).expect(200);
    expect((res.body.data.incomplete_sections as { section: string }[]).map((s) => s.section)).toEqual(['market']);
    expect(res.body.data.analysis.holder_analysis).toMatchObject({ total_holders: expect.any(Number) });
    expect(res.body.data.analysis.wash_trading).toBeDefined();
  });

  it('without its security section no grade is given: 503 with Retry-After in each surface envelope', async () => {
    const simulator = t.app.get(TradeSimulator);
    jest.spyOn(simulator, 'simulate').mockRejectedValue(new TypeError('x is not a function'));

    const a = await scanA().expect(503);
    expect(a.headers['retry-after']).toBe('5');
    expect(a.body).toMatchObject({
      success: false,
      error: {
        code: 503,
        type: 'service_unavailable_error',
        message: expect.stringMatching(/security \(unexpected error/),
      },
    });

    const b = await t.http
      .post('/scanner/api/v1/features/security')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: clean.address, chain: 'eth' })
      .expect(503);
    expect(b.headers['retry-after']).toBe('5');
    expect(b.body).toMatchObject({ success: false, error: 'service_unavailable', retry_after: 5 });

    const c = await t.http.get(`/v1/analyze/contract/${clean.address}?chain=eth`).set('Authorization', `Bearer ${key}`);
    expect(c.status).toBe(503);
    expect(c.body.error).toMatchObject({
      code: 'ANALYSIS_INCOMPLETE',
      details: { incomplete_sections: [{ section: 'security' }] },
    });
    expect(JSON.stringify([a.body, b.body, c.body])).not.toContain('is not a function');
  });

  it('a section the caller does not need may be incomplete on B too: analyze answers without it', async () => {
    jest.spyOn(t.app.get(HolderAnalyzer), 'analyze').mockRejectedValueOnce(new TypeError('boom'));
    // A token no earlier test scanned: B accepts cached reports.
    const res = await t.http
      .post('/scanner/api/v1/token/analyze')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: taxed.address, chain: 'eth' })
      .expect(200);
    expect(res.body.grade_summary.holder_analysis).toBeUndefined();
    expect(res.body.grade_summary.security_analysis).toEqual(expect.any(String));
  });

  it('a failure with a meaning of its own keeps it: the chain node down is 503 unavailable, not an incomplete section', async () => {
    jest
      .spyOn(t.app.get(HolderAnalyzer), 'analyze')
      .mockRejectedValueOnce(new ChainUnavailableError('eth', { reason: 'timeout' }));
    const res = await scanA().expect(503);
    expect(res.body.error.message).toMatch(/^Chain eth is unavailable/);
  });

  // Last: its security-only report is cached, which the 503 test above must not find.
  it('a failed creator lookup never fails the scan: the creator is served as unknown', async () => {
    jest
      .spyOn(t.app.get(CreatorAnalyzer), 'analyze')
      .mockRejectedValueOnce(new TypeError("Cannot read properties of null (reading 'from')"));
    const res = await scanA({ features: ['security'] }).expect(200);
    expect(res.body.data.creator).toEqual({
      address: null,
      block: null,
      transaction: null,
      factory: null,
      source: 'unknown',
      balance_share_percent: null,
      other_tokens: [],
    });
    expect(res.body.data.incomplete_sections).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain("reading 'from'");
  });
});
