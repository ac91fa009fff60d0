/**
 * Tokens that trade only in the devnet's V3-interface and Solidly-style pools, over HTTP: the
 * honeypot verdict and taxes come from a simulated round trip in those pools (never UNKNOWN), and
 * every pool is reported with its kind and fee tier or curve.
 */
import { readManifest } from '../devnet';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const manifest = readManifest();
const venues = Object.entries(manifest.venues.tokens);

describe('V3-only and Solidly-only tokens over HTTP on the devnet', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await bootTestApp({ env: { UPSTREAM_LIMITS: 'audit_provider=1000/1000,scanner_provider=1000/1000,market_data=1000/1000,social_data=1000/1000' } });
    key = await keyOfPlan(t, 'team');
  });
  afterAll(() => t.close());

  const postB = (path: string, body: Record<string, unknown>) =>
    t.http.post(`/scanner/api/v1/${path}`).set('Authorization', `Bearer ${key}`).send(body);
  const scanA = (body: Record<string, unknown>) => t.http.post('/api/v1/token/scan').set('X-Service-API-Key', key).send(body);

  it.each(venues)('%s: B /features/security gives a real honeypot verdict and the taxes of the labels', async (_label, token) => {
    const res = await postB('features/security', { contract_address: token.address }).expect(200);
    const s = res.body.simulation;
    expect(s.possible).toBe(true);
    expect(res.body.honeypot).toBe(token.labels.is_honeypot ? 'HONEYPOT' : 'SAFE');
    expect(Math.abs(Number(s.buy_tax) * 100 - token.labels.buy_tax)).toBeLessThanOrEqual(0.5);
    if (!token.labels.is_honeypot) expect(Math.abs(Number(s.sell_tax) * 100 - token.labels.sell_tax)).toBeLessThanOrEqual(0.5);
  });

  it('A /token/scan: the V3 honeypot is flagged, the clean V3 token is not', async () => {
    const trap = await scanA({ contract_address: manifest.venues.tokens.v3_honeypot.address, cache_ttl: 0 }).expect(200);
    expect(trap.body.data.analysis.security.honeypot_risk).toMatch(/^🚨 /);
    const clean = await scanA({ contract_address: manifest.venues.tokens.v3_only.address, cache_ttl: 0 }).expect(200);
    expect(clean.body.data.analysis.security.honeypot_risk).toMatch(/^✅ /);
  });
});
