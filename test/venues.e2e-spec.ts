/**
 * Tokens that trade only in the devnet's V3-interface and Solidly-style pools, over HTTP: the
 * honeypot verdict and taxes come from a simulated round trip in those pools (never UNKNOWN), and
 * every pool is reported with its kind and fee tier or curve.
 */
import { readManifest } from '../devnet';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

const manifest = readManifest();
const venues = Object.entries(manifest.venues.tokens);

describe('V3-only and Solidly-only tokens over HTTP on the devnet', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  const postB = (path: string, body: Record<string, unknown>) =>
    t.http.post(`/scanner/api/v1/${path}`).set('Authorization', `Bearer ${key}`).send(body);
  const scanA = (body: Record<string, unknown>) =>
    t.http.post('/api/v1/token/scan').set('X-Service-API-Key', key).send(body);

  it.each(venues)(
    '%s: B /features/security gives a real honeypot verdict and the taxes of the labels',
    async (_label, token) => {
      const res = await postB('features/security', { contract_address: token.address }).expect(200);
      const s = res.body.simulation;
      expect(s.possible).toBe(true);
      expect(s.pool).toEqual(
        expect.objectContaining({
          address: token.pools[0].address,
          kind: token.pools[0].kind,
          fee_tier: token.pools[0].fee,
          stable: token.pools[0].stable,
        }),
      );
      expect(res.body.honeypot).toBe(token.labels.is_honeypot ? 'HONEYPOT' : 'SAFE');
      expect(Math.abs(Number(s.buy_tax) * 100 - token.labels.buy_tax)).toBeLessThanOrEqual(0.5);
      if (!token.labels.is_honeypot)
        expect(Math.abs(Number(s.sell_tax) * 100 - token.labels.sell_tax)).toBeLessThanOrEqual(0.5);
    },
  );

  it('every pool with its kind and fee tier or curve, on A, B and C', async () => {
    const token = manifest.venues.tokens.v3_only;
    const pools = token.pools.map((p) => ({ kind: 'v3', fee_tier: p.fee, stable: null }));
    const a = await scanA({ contract_address: token.address, cache_ttl: 0 }).expect(200);
    expect(a.body.data.analysis.market.trading_pairs).toEqual(
      pools.map((p, i) =>
        expect.objectContaining({ ...p, dex: 'Uniswap V3', pair_address: token.pools[i].address, simulated: i === 0 }),
      ),
    );
    const b = await postB('features/market', { contract_address: token.address }).expect(200);
    expect(b.body.trading_pairs).toEqual(
      pools.map((p, i) =>
        expect.objectContaining({ ...p, address: token.pools[i].address, swaps_24h: expect.any(Number) }),
      ),
    );
    const signup = await t.http.post('/v1/auth/signup').send({ email: 'venues@example.com' }).expect(201);
    const velt = manifest.venues.tokens.solidly_only;
    // By symbol: the venues' tokens are in the devnet's token list.
    const c = await t.http
      .get('/v1/analyze/token/velt')
      .set('Authorization', `Bearer ${signup.body.api_key}`)
      .expect(200);
    expect(c.body).toMatchObject({ address: velt.address, resolved_from: 'velt' });
    expect(c.body.liquidity.pairs).toEqual([
      expect.objectContaining({ kind: 'solidly', fee_tier: null, stable: false, address: velt.pools[0].address }),
    ]);
    expect(c.body.security.trading.pool).toEqual({
      address: velt.pools[0].address,
      dex: 'Aerodrome',
      kind: 'solidly',
      fee_tier: null,
      stable: false,
    });
    const price = await t.http
      .get('/v1/market/price/CONC')
      .set('Authorization', `Bearer ${signup.body.api_key}`)
      .expect(200);
    expect(price.body.pool).toMatchObject({
      address: token.pools[0].address,
      dex: 'Uniswap V3',
      kind: 'v3',
      fee_tier: 3000,
      stable: null,
    });
    expect(price.body.price_usd).toBeGreaterThan(0);
  });

  it('A /token/scan: the V3 honeypot is flagged, the clean V3 token is not', async () => {
    const trap = await scanA({ contract_address: manifest.venues.tokens.v3_honeypot.address, cache_ttl: 0 }).expect(
      200,
    );
    expect(trap.body.data.analysis.security.honeypot_risk).toMatch(/^🚨 /);
    const clean = await scanA({ contract_address: manifest.venues.tokens.v3_only.address, cache_ttl: 0 }).expect(200);
    expect(clean.body.data.analysis.security.honeypot_risk).toMatch(/^✅ /);
  });
});
