import { LimitsFixtureModule } from './fixtures/limits-fixture.module';
import { freeKey, nextIp, sha256, sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const VALID = { client_name: 'My Bot', email: 'Dev@Example.com', intended_usage: 'screen tokens' };

describe('Keys on surface A', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ extraModules: [LimitsFixtureModule], env: { KEY_ISSUES_PER_IP_PER_HOUR: '3' } });
  });
  afterAll(() => t.close());

  const keyCount = async () => Number((await sql<{ n: string }>(t, 'SELECT count(*) AS n FROM api_keys'))[0].n);

  describe('POST /api/v1/auth/request-key', () => {
    it('issues a free key once, stored only as its hash', async () => {
      const res = await t.http
        .post('/api/v1/auth/request-key')
        .set('X-Forwarded-For', nextIp())
        .send(VALID)
        .expect(201);
      expect(res.body).toEqual({
        success: true,
        data: {
          api_key: expect.stringMatching(/^ta_[0-9a-f]{64}$/),
          client_id: expect.any(String),
          rate_limit: '60/minute',
          tier: 'free',
          expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      });
      const expiresInDays = (Date.parse(res.body.data.expires_at) - Date.now()) / 86_400_000;
      expect(Math.round(expiresInDays)).toBe(365);
      const key: string = res.body.data.api_key;
      const rows = await sql(t, 'SELECT * FROM api_keys WHERE id = $1', [res.body.data.client_id]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        key_hash: sha256(key),
        key_prefix: key.slice(0, 11),
        plan: 'free',
        quota_remaining: 10_000,
      });
      expect(JSON.stringify(rows[0])).not.toContain(key);
    });

    it.each([
      [{ ...VALID, client_name: '' }, 'client_name'],
      [{ ...VALID, client_name: 'x'.repeat(101) }, 'client_name'],
      [{ ...VALID, email: 'not-an-email' }, 'email'],
      [{ ...VALID, intended_usage: '' }, 'intended_usage'],
      [{ ...VALID, intended_usage: 'x'.repeat(501) }, 'intended_usage'],
      [{ client_name: 'x', email: 'a@b.co' }, 'intended_usage'],
      [{ ...VALID, tier: 'team' }, 'tier'],
    ])('refuses %j with 400 naming %s, and issues nothing', async (body, field) => {
      const before = await keyCount();
      const res = await t.http.post('/api/v1/auth/request-key').set('X-Forwarded-For', nextIp()).send(body).expect(400);
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 400, type: 'validation_error', details: { field } },
      });
      expect(await keyCount()).toBe(before);
    });

    it('limits key farming per client address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) {
        const ok = await t.http.post('/api/v1/auth/request-key').set('X-Forwarded-For', ip).send(VALID).expect(201);
        expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
        expect(Number(ok.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      }
      const before = await keyCount();
      const res = await t.http.post('/api/v1/auth/request-key').set('X-Forwarded-For', ip).send(VALID).expect(429);
      expect(res.body.error).toMatchObject({ code: 429, type: 'rate_limit_error', retry_after: expect.any(Number) });
      expect(res.headers['retry-after']).toBe(String(res.body.error.retry_after));
      expect(await keyCount()).toBe(before);
      await t.http.post('/api/v1/auth/request-key').set('X-Forwarded-For', nextIp()).send(VALID).expect(201);
    });
  });

  describe('POST /api/v1/auth/validate', () => {
    it('describes a valid key', async () => {
      const key = await freeKey(t);
      const res = await t.http.post('/api/v1/auth/validate').set('X-Service-API-Key', key).expect(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          valid: true,
          tier: 'free',
          rate_limit: '60/minute',
          expires_at: expect.any(String),
          remaining_quota: 10_000,
        },
      });
    });

    it('answers 401 saying whether the key is missing, unknown, revoked or expired', async () => {
      const missing = await t.http.post('/api/v1/auth/validate').expect(401);
      expect(missing.body).toEqual({
        success: false,
        error: {
          code: 401,
          type: 'authentication_error',
          message: 'Missing API key: send it in the X-Service-API-Key header',
        },
      });
      const unknown = await t.http
        .post('/api/v1/auth/validate')
        .set('X-Service-API-Key', `ta_${'a'.repeat(64)}`)
        .expect(401);
      expect(unknown.body.error.message).toBe('Invalid API key: no such key');

      const revoked = await freeKey(t);
      await sql(t, 'UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1', [sha256(revoked)]);
      const r = await t.http.post('/api/v1/auth/validate').set('X-Service-API-Key', revoked).expect(401);
      expect(r.body.error.message).toBe('API key revoked');

      const expired = await freeKey(t);
      await sql(t, "UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE key_hash = $1", [
        sha256(expired),
      ]);
      const e = await t.http.post('/api/v1/auth/validate').set('X-Service-API-Key', expired).expect(401);
      expect(e.body.error.message).toMatch(/^API key expired at \d{4}-/);
    });

    it('does not read the key from Authorization on surface A, nor X-Service-API-Key on surface B', async () => {
      const key = await freeKey(t);
      await t.http.post('/api/v1/auth/validate').set('Authorization', `Bearer ${key}`).expect(401);
      const b = await t.http.get('/scanner/api/v1/user/stats').set('X-Service-API-Key', key).expect(401);
      expect(b.body).toEqual({
        success: false,
        error: 'unauthorized',
        message: 'Missing API key: send it in the Authorization header as "Bearer <key>"',
      });
      await t.http.get('/scanner/api/v1/user/stats').set('Authorization', `Bearer ${key}`).expect(200);
    });

    it('refuses a key sent in the URL, on any route, with 400', async () => {
      const key = await freeKey(t);
      for (const url of [
        `/api/v1/auth/validate?api_key=${key}`,
        `/scanner/api/v1/user/stats?x=${key}`,
        `/nowhere?key=abc`,
        `/api/v1/${key}`,
      ]) {
        const res = await t.http.post(url).set('X-Service-API-Key', key);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain('must not be sent in the URL');
        expect(JSON.stringify(res.body)).not.toContain(key);
      }
      const b = await t.http.get(`/scanner/api/v1/user/stats?api_key=${key}`).expect(400);
      expect(b.body).toEqual({
        success: false,
        error: 'invalid_request',
        message: expect.stringContaining('must not be sent in the URL'),
      });
      const c = await t.http.get(`/v1/account?token=${key}`).expect(400);
      expect(c.body).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: expect.stringContaining('must not be sent in the URL'),
          hint: expect.any(String),
        },
      });
      const malformed = await t.http.get('/api/v1/%E0%A4%A').expect(400);
      expect(malformed.body.success).toBe(false);
    });
  });

  describe('per-key rate limit', () => {
    it("answers a free key's 61st call in a minute with 429, headers and the A envelope; it takes no quota", async () => {
      const key = await freeKey(t);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 61; i++) {
        last = await t.http.post('/api/v1/__limits/scan').set('X-Service-API-Key', key);
        statuses.push(last.status);
        if (i === 0) {
          expect(last.headers['x-ratelimit-remaining']).toBe('59');
          expect(Number(last.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
        }
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses[60]).toBe(429);
      expect(last!.body).toEqual({
        success: false,
        error: {
          code: 429,
          type: 'rate_limit_error',
          message: 'Rate limit exceeded: 60 requests per minute for this key',
          retry_after: expect.any(Number),
        },
      });
      expect(last!.headers['retry-after']).toBe(String(last!.body.error.retry_after));
      expect(last!.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(last!.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      const [row] = await sql<{ quota_remaining: number }>(
        t,
        'SELECT quota_remaining FROM api_keys WHERE key_hash = $1',
        [sha256(key)],
      );
      expect(row.quota_remaining).toBe(10_000 - 60);
    });
  });
});
