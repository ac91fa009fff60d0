import { readManifest } from '../devnet';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const manifest = readManifest();

describe('Upstream buckets', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    // One simulation per second, no burst: the second fresh security scan in a second is refused.
    t = await bootTestApp({ env: { UPSTREAM_LIMITS: 'scanner_provider=1/1/5000' } });
    key = await keyOfPlan(t, 'team');
  });
  afterAll(() => t.close());

  it('a burst above a provider’s bucket answers 429 naming the provider, and /system/rate-limits counts the hit', async () => {
    const tokens = [manifest.tokens.clean.address, manifest.tokens.taxed.address, manifest.tokens.proxy.address];
    const results = await Promise.all(
      tokens.map((address) =>
        t.http
          .post('/scanner/api/v1/token/security-only')
          .set('Authorization', `Bearer ${key}`)
          .send({ contract_address: address }),
      ),
    );
    const refused = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(refused).toHaveLength(2);
    expect(refused[0].body).toEqual({
      success: false,
      error: 'rate_limited',
      provider: 'scanner_provider',
      reason: expect.stringMatching(/^Upstream scanner_provider is saturated/),
      retry_after: expect.any(Number),
    });
    expect(refused[0].headers['retry-after']).toBe(String(refused[0].body.retry_after));

    const a = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: manifest.tokens.limiter.address, features: ['security'], cache_ttl: 0 });
    if (a.status === 429) expect(a.body.error).toMatchObject({ code: 429, type: 'rate_limit_error' });

    const live = await t.http.get('/scanner/api/v1/system/rate-limits').expect(200);
    const scanner = live.body.rate_limits.api_usage.scanner_provider;
    expect(scanner.rate_limit_hits).toBeGreaterThanOrEqual(2);
    expect(scanner).toMatchObject({ daily_limit: 5000, status: 'limited' });
    expect(scanner.requests_today).toBeGreaterThanOrEqual(1);
    expect(live.body.rate_limits.api_usage.audit_provider.requests_today).toBeGreaterThanOrEqual(1);
  });
});

describe('Chain node bucket (chain_rpc, per chain)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await bootTestApp({ env: { UPSTREAM_LIMITS: 'chain_rpc=1/1/1000000' } });
    key = await keyOfPlan(t, 'team');
  });
  afterAll(() => t.close());

  it('refuses calls past the node’s bucket with 429 naming chain_rpc, and counts them', async () => {
    const res = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: manifest.tokens.clean.address, cache_ttl: 0 })
      .expect(429);
    expect(res.body.error).toMatchObject({
      code: 429,
      type: 'rate_limit_error',
      message: expect.stringMatching(/^Upstream chain_rpc is saturated/),
    });
    const live = await t.http.get('/scanner/api/v1/system/rate-limits').expect(200);
    expect(live.body.rate_limits.api_usage.chain_rpc.rate_limit_hits).toBeGreaterThanOrEqual(1);
  });
});
