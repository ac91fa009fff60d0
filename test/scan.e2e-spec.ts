import { TokenInfoAnalyzer } from '../src/analysis/token-info/token-info.analyzer';
import { readManifest } from '../devnet';
import { sha256, sql } from './support/keys';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

const manifest = readManifest();
const tokens = Object.entries(manifest.tokens);

describe('Token analysis over HTTP (surfaces A and B) on the devnet', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  const scanA = (body: Record<string, unknown>) =>
    t.http.post('/api/v1/token/scan').set('X-Service-API-Key', key).send(body);
  const postB = (path: string, body: Record<string, unknown>) =>
    t.http.post(`/scanner/api/v1/${path}`).set('Authorization', `Bearer ${key}`).send(body);

  describe.each(tokens)('%s', (_label, token) => {
    it('B /features/security verdicts equal the ground-truth labels', async () => {
      const res = await postB('features/security', { contract_address: token.address }).expect(200);
      const { contract: c, simulation: s } = res.body;
      const l = token.labels;
      if (l.is_honeypot) expect(res.body.honeypot).toBe('HONEYPOT');
      else expect(res.body.honeypot).not.toBe('HONEYPOT');
      if (s.possible) {
        expect(Math.abs(Number(s.buy_tax) * 100 - l.buy_tax)).toBeLessThanOrEqual(0.5);
        if (!l.is_honeypot) expect(Math.abs(Number(s.sell_tax) * 100 - l.sell_tax)).toBeLessThanOrEqual(0.5);
      } else {
        // Only tokens whose pool is gone (or not reachable) may be unsimulatable; that is never "safe".
        expect(res.body.honeypot).toBe('UNKNOWN');
      }
      expect({
        can_mint: c.can_mint,
        can_pause: c.can_pause,
        can_blacklist: c.can_blacklist,
        is_proxy: c.is_proxy,
      }).toEqual({
        can_mint: l.can_mint,
        can_pause: l.can_pause,
        can_blacklist: l.can_blacklist,
        is_proxy: l.is_proxy,
      });
      expect(c.owner_renounced === true).toBe(l.owner_renounced);
      expect(c.has_limits).toBe(l.has_limits);
      expect(c.verified).toBe(l.verified);
      expect(c.hidden_mint === true).toBe(l.hidden_mint);
      const liveMint = c.malicious_functions.some(
        (f: { kind: string; status: string }) => f.kind === 'mint' && f.status === 'live',
      );
      expect(liveMint).toBe(l.can_mint);
    });
  });

  it('A /token/scan answers every spec field with its type, for every token', async () => {
    for (const [, token] of tokens) {
      const res = await scanA({ contract_address: token.address, include_metadata: true, cache_ttl: 0 }).expect(200);
      const d = res.body.data;
      expect(res.body.success).toBe(true);
      expect(d.token_info).toEqual({
        name: token.name,
        symbol: token.symbol,
        contract_address: token.address,
        chain: 'Local devnet',
        chain_id: 31337,
        decimals: token.decimals,
        total_supply: expect.stringMatching(/^\d+(\.\d+)?$/),
      });
      expect(d.service_score).toEqual(expect.any(Number));
      expect(d.service_score).toBeGreaterThanOrEqual(0);
      expect(d.service_score).toBeLessThanOrEqual(100);
      expect(['F', 'D', 'C', 'B', 'A', 'A+']).toContain(d.grade);
      expect(d.recommendation).toMatch(/^(🟢 SAFE TO TRADE|🟡 MODERATE RISK|🔴 HIGH RISK|🔴 VERY HIGH RISK)$/);
      expect(d.analysis.security).toMatchObject({
        honeypot_risk: expect.stringMatching(/^(✅|🚨|❓) /),
        rug_pull_risk: expect.stringMatching(/^(✅|⚠️|🚨) /),
        contract_verified: expect.any(Boolean),
        proxy_contract: expect.any(Boolean),
        malicious_functions: expect.any(Array),
        ownership_analysis: {
          owner_address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          can_mint: expect.any(Boolean),
          can_pause: expect.any(Boolean),
          can_blacklist: expect.any(Boolean),
        },
      });
      expect(d.analysis.market).toMatchObject({
        price: expect.stringMatching(/^(\$[\d,.]+|N\/A)$/),
        price_change_24h: expect.stringMatching(/^([+-]?\d+\.\d\d%|N\/A)$/),
        market_cap: expect.any(String),
        volume_24h: expect.any(String),
        liquidity: { total_liquidity: expect.any(String), status: expect.any(String) },
        trading_pairs: expect.any(Array),
      });
      expect(d.analysis.holder_analysis).toMatchObject({
        total_holders: expect.any(Number),
        top_10_percentage: expect.any(Number),
        top_100_percentage: expect.any(Number),
        whale_activity: expect.any(String),
        distribution: expect.any(String),
        recent_activity: { new_holders_24h: expect.any(Number), large_transactions: expect.any(Number) },
      });
      expect(d.metadata).toEqual({
        analysis_time: expect.stringMatching(/^\d+\.\d\ds$/),
        timestamp: expect.stringMatching(/Z$/),
        api_version: '1.0.0',
        cache_status: 'FRESH',
        cache_age_seconds: 0,
        analyzed_at: expect.any(String),
        network: 'local devnet',
      });
    }
  });

  it('the honeypot is graded F with a critical override; the clean token is safe to trade', async () => {
    const honeypot = await postB('token/security-only', { contract_address: manifest.tokens.honeypot.address }).expect(
      200,
    );
    expect(honeypot.body).toMatchObject({
      critical_override_applied: true,
      honeypot: 'HONEYPOT',
      overall_risk: 'CRITICAL',
    });
    expect(honeypot.body.critical_issues[0]).toMatch(/^Honeypot/);
    const a = await scanA({ contract_address: manifest.tokens.honeypot.address }).expect(200);
    expect(a.body.data).toMatchObject({ grade: 'F', recommendation: '🔴 VERY HIGH RISK' });
    expect(a.body.data.analysis.security.honeypot_risk).toBe('🚨 HONEYPOT');
    const clean = await scanA({ contract_address: manifest.tokens.clean.address }).expect(200);
    expect(clean.body.data.analysis.security.honeypot_risk).toBe('✅ SAFE');
    expect(clean.body.data.service_score).toBeGreaterThan(a.body.data.service_score);
  });

  it('gives the honeypot one service_score whichever features are asked for, on A and B (the critical override decides)', async () => {
    const address = manifest.tokens.honeypot.address;
    const scores = await Promise.all([
      scanA({ contract_address: address })
        .expect(200)
        .then((r) => r.body.data.service_score),
      scanA({ contract_address: address, features: ['security'] })
        .expect(200)
        .then((r) => r.body.data.service_score),
      scanA({ contract_address: address, features: ['security', 'market', 'holder_analysis'] })
        .expect(200)
        .then((r) => r.body.data.service_score),
      postB('token/service-scores', { contract_address: address })
        .expect(200)
        .then((r) => r.body.service_score),
      postB('token/analyze', { contract_address: address })
        .expect(200)
        .then((r) => r.body.service_score),
    ]);
    expect(new Set(scores).size).toBe(1);
    expect(scores[0]).toBeLessThanOrEqual(20);
  });

  it('features select sections, and only their analyzers run', async () => {
    const info = t.app.get(TokenInfoAnalyzer);
    const res = await scanA({
      contract_address: manifest.tokens.taxed.address,
      features: ['market'],
      cache_ttl: 0,
    }).expect(200);
    expect(Object.keys(res.body.data.analysis)).toEqual(['market']);
    const sec = await scanA({
      contract_address: manifest.tokens.taxed.address,
      features: ['security'],
      cache_ttl: 0,
    }).expect(200);
    expect(Object.keys(sec.body.data.analysis)).toEqual(['security']);
    expect(info).toBeDefined();
  });

  it('serves a cached report within cache_ttl, a fresh one with cache_ttl 0, and shares concurrent analyses', async () => {
    const info = t.app.get(TokenInfoAnalyzer);
    const spy = jest.spyOn(info, 'analyze');
    try {
      const address = manifest.tokens.limiter.address;
      const first = await Promise.all(
        Array.from({ length: 5 }, () => scanA({ contract_address: address, include_metadata: true, cache_ttl: 0 })),
      );
      expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(spy).toHaveBeenCalledTimes(1);
      const cached = await scanA({ contract_address: address, include_metadata: true, cache_ttl: 600 }).expect(200);
      expect(cached.body.data.metadata.cache_status).toBe('CACHED');
      expect(cached.body.data.metadata.cache_age_seconds).toBeGreaterThanOrEqual(0);
      expect(spy).toHaveBeenCalledTimes(1);
      const fresh = await scanA({ contract_address: address, include_metadata: true, cache_ttl: 0 }).expect(200);
      expect(fresh.body.data.metadata.cache_status).toBe('FRESH');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  describe('bad input gets the documented status and envelope, and takes no quota', () => {
    const quota = async () =>
      (
        await sql<{ quota_remaining: number }>(t, 'SELECT quota_remaining FROM api_keys WHERE key_hash = $1', [
          sha256(key),
        ])
      )[0].quota_remaining;

    it.each([
      [{ contract_address: '0x123' }, 400, 'contract_address', 'Invalid contract address format'],
      [{ contract_address: manifest.tokens.clean.address, chain: 'solana' }, 400, 'chain', undefined],
      [{ contract_address: manifest.tokens.clean.address, chain: 'base' }, 400, 'chain', undefined],
      [
        { contract_address: manifest.tokens.clean.address, features: ['security', 'astrology'] },
        400,
        'features',
        undefined,
      ],
      [{ contract_address: manifest.tokens.clean.address, features: [] }, 400, 'features', undefined],
      [{ contract_address: manifest.tokens.clean.address, cache_ttl: -1 }, 400, 'cache_ttl', undefined],
      [{ contract_address: manifest.tokens.clean.address, cache_ttl: 86_401 }, 400, 'cache_ttl', undefined],
      [
        { contract_address: manifest.tokens.clean.address, include_metadata: 'yes' },
        400,
        'include_metadata',
        undefined,
      ],
    ])('%j → %i naming %s', async (body, status, field, message) => {
      const before = await quota();
      const res = await scanA(body).expect(status);
      expect(res.body).toMatchObject({
        success: false,
        error: { code: status, type: 'validation_error', details: { field } },
      });
      if (message) expect(res.body.error.message).toBe(message);
      expect(await quota()).toBe(before);
    });

    it('an EOA or a contract that is not an ERC-20 → 404 not_found_error', async () => {
      for (const address of [manifest.wallets[0].address, manifest.contracts.UniswapV2Factory]) {
        const res = await scanA({ contract_address: address }).expect(404);
        expect(res.body).toEqual({
          success: false,
          error: { code: 404, type: 'not_found_error', message: 'Token not found or not supported' },
        });
        const b = await postB('token/analyze', { contract_address: address }).expect(404);
        expect(b.body).toEqual({ success: false, error: 'not_found', message: 'Token not found or not supported' });
      }
    });

    it('B refuses chains outside its list', async () => {
      const res = await postB('token/analyze', {
        contract_address: manifest.tokens.clean.address,
        chain: 'polygon',
      }).expect(400);
      expect(res.body).toMatchObject({
        success: false,
        error: 'invalid_request',
        details: { field: 'chain', value: 'polygon' },
      });
    });
  });

  describe('surface B records', () => {
    const address = manifest.tokens.taxed.address;

    it('POST /token/analyze', async () => {
      const res = await postB('token/analyze', { contract_address: address }).expect(200);
      expect(res.body).toEqual({
        success: true,
        analysis_details: {
          token_data: {
            name: 'Taxed Token',
            symbol: 'TAXED',
            decimals: 18,
            description: expect.any(String),
            description_confidence: expect.any(Number),
          },
          security_analysis: {
            security_score: expect.any(Number),
            overall_risk: expect.stringMatching(/^(LOW|MEDIUM|HIGH|CRITICAL)$/),
            audit_provider_analysis: {
              overall_audit_rating: expect.any(String),
              is_renounced: false,
              token_name: 'Taxed Token',
            },
            scanner_provider_analysis: {
              is_honeypot: false,
              buy_tax: expect.stringMatching(/^0\.0[45]\d*$/),
              sell_tax: expect.stringMatching(/^0\.2[45]\d*$/),
            },
          },
          market_analysis: {
            price_usd: expect.any(Number),
            market_cap: expect.any(Number),
            volume_24h: expect.any(Number),
          },
          // test/creator.e2e-spec.ts checks the creator in full.
          creator: expect.objectContaining({
            address: manifest.wallets.find((w) => w.roles.includes('deployer'))!.address,
            other_tokens: expect.any(Array),
          }),
        },
        service_score: expect.any(Number),
        grade_summary: {
          security_analysis: expect.any(String),
          market_analysis: expect.any(String),
          holder_analysis: expect.any(String),
          wash_trading_analysis: expect.any(String),
          sniper_sellers_analysis: expect.any(String),
        },
      });
    });

    it('POST /features/wash-trading: the washed token’s ring is found; clean is clean', async () => {
      const washed = await postB('features/wash-trading', { contract_address: manifest.tokens.washed.address }).expect(
        200,
      );
      expect(washed.body).toMatchObject({ success: true, feature: 'wash-trading', analysable: true, detected: true });
      const ring = manifest.tokens.washed.actors!.washRing!.map((a: string) => a.toLowerCase());
      const cluster = washed.body.clusters.find((c: { wallets: string[] }) =>
        ring.every((w: string) => c.wallets.map((x) => x.toLowerCase()).includes(w)),
      );
      expect(cluster.funder.toLowerCase()).toBe(manifest.tokens.washed.actors!.washFunder!.toLowerCase());
      const clean = await postB('features/wash-trading', { contract_address: manifest.tokens.clean.address }).expect(
        200,
      );
      expect(clean.body).toMatchObject({ analysable: true, detected: false, clusters: [] });
    });

    it('POST /features/sniper-sellers: all 5 snipers of the sniped token, bundled by one funder; none on clean', async () => {
      const sniped = await postB('features/sniper-sellers', {
        contract_address: manifest.tokens.sniped.address,
      }).expect(200);
      const expected = manifest.tokens.sniped.actors!.snipers!.map((a: string) => a.toLowerCase()).sort();
      expect(sniped.body.sniper_count).toBe(5);
      expect(sniped.body.snipers.map((x: { address: string }) => x.address.toLowerCase()).sort()).toEqual(expected);
      expect(sniped.body.bundles[0].funder.toLowerCase()).toBe(
        manifest.tokens.sniped.actors!.sniperFunder!.toLowerCase(),
      );
      const clean = await postB('features/sniper-sellers', { contract_address: manifest.tokens.clean.address }).expect(
        200,
      );
      expect(clean.body).toMatchObject({ analysable: true, sniper_count: 0 });
    });

    it('POST /token/security-analysis', async () => {
      const res = await postB('token/security-analysis', {
        contract_address: manifest.tokens.hidden_mint.address,
      }).expect(200);
      expect(res.body.security_analysis).toMatchObject({
        security_score: expect.any(Number),
        security_grade: expect.any(String),
        overall_risk: expect.any(String),
        audit_provider_analysis: {
          audit_provider_available: true,
          is_renounced: false,
          has_owner: true,
          ai_audit_findings: expect.arrayContaining([expect.objectContaining({ severity: 'CRITICAL' })]),
        },
        scanner_provider_analysis: {
          scanner_provider_available: true,
          is_honeypot: false,
          is_mintable: true,
          buy_tax: '0',
          sell_tax: '0',
          contract_verified: true,
        },
        key_findings: expect.arrayContaining([expect.stringMatching(/inflate supply/)]),
      });
    });

    it('POST /token/service-scores', async () => {
      const res = await postB('token/service-scores', { contract_address: address }).expect(200);
      const keys = [
        'holder_analysis',
        'market_analysis',
        'security_analysis',
        'sniper_sellers_analysis',
        'wash_trading_analysis',
      ];
      expect(Object.keys(res.body.grade_summary).sort()).toEqual(keys);
      expect(Object.keys(res.body.component_scores).sort()).toEqual(keys);
      expect(res.body.token_data).toEqual({ name: 'Taxed Token', symbol: 'TAXED', description: expect.any(String) });
    });

    it('POST /features/market and /features/holders', async () => {
      const market = await postB('features/market', { contract_address: manifest.tokens.clean.address }).expect(200);
      expect(market.body).toMatchObject({
        success: true,
        feature: 'market',
        listed: true,
        trading_pairs: expect.any(Array),
      });
      const holders = await postB('features/holders', { contract_address: manifest.tokens.clean.address }).expect(200);
      expect(holders.body).toMatchObject({ success: true, feature: 'holders', total_holders: expect.any(Number) });
      expect(holders.body.total_holders).toBeGreaterThanOrEqual(300);
    });
  });
});

describe('Link and social analysis (link_analysis, B /features/social-score)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  it('A scan: links, sentiment and social score from the devnet post set; none made up where there is no data', async () => {
    const clean = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: manifest.tokens.clean.address, features: ['link_analysis'] })
      .expect(200);
    expect(Object.keys(clean.body.data.analysis)).toEqual(['link_analysis']);
    expect(clean.body.data.analysis.link_analysis).toMatchObject({
      available: true,
      links: { website: expect.stringMatching(/^https:\/\//), x: expect.stringMatching(/^https:\/\/x\.com\//) },
      social_score: expect.any(Number),
      sentiment: '🟢 POSITIVE',
      source: 'devnet',
    });
    const none = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: manifest.tokens.unverified.address, features: ['link_analysis'] })
      .expect(200);
    expect(none.body.data.analysis.link_analysis).toEqual({
      available: false,
      reason: expect.any(String),
      links: expect.any(Object),
    });
  });

  it('B /features/social-score: the honeypot’s late posts turn it negative; a bad data key is refused', async () => {
    const res = await t.http
      .post('/scanner/api/v1/features/social-score')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: manifest.tokens.honeypot.address })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      feature: 'social-score',
      available: true,
      sentiment: { label: 'NEGATIVE' },
      grade: 'F',
    });
    const bad = await t.http
      .post('/scanner/api/v1/features/social-score')
      .set('Authorization', `Bearer ${key}`)
      .send({ contract_address: manifest.tokens.honeypot.address, data_provider_api_key: 'x' })
      .expect(400);
    expect(bad.body.details.field).toBe('data_provider_api_key');
  });
});
