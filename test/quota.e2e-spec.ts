import { Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiKeyRepository } from '../src/accounts/api-key.repository';
import { ApiKeyService } from '../src/accounts/api-key.service';
import { CallLogRepository } from '../src/accounts/call-log/call-log.repository';
import { LimitsFixtureModule } from './fixtures/limits-fixture.module';
import { freeKey, nextIp, sha256, sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const wallet = () => `0x${randomBytes(20).toString('hex')}`;

async function testKey(t: TestApp, w = wallet()): Promise<string> {
  const res = await t.http
    .post('/scanner/api/v1/generate-test-key')
    .set('X-Forwarded-For', nextIp())
    .send({ wallet: w })
    .expect(201);
  return res.body.api_key as string;
}

const remaining = async (t: TestApp, key: string) =>
  (
    await sql<{ quota_remaining: number }>(t, 'SELECT quota_remaining FROM api_keys WHERE key_hash = $1', [sha256(key)])
  )[0].quota_remaining;

// First, so that the dead Redis connection's last timers lapse while the other suites run.
describe('When Redis is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ extraModules: [LimitsFixtureModule], env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('rate limits fail open with a warning, and quotas stay exact', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const key = await testKey(t);
      const results = await Promise.all(
        Array.from({ length: 14 }, () =>
          t.http.post('/scanner/api/v1/__limits/scan').set('Authorization', `Bearer ${key}`),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
      expect(results.filter((r) => r.status === 402)).toHaveLength(4);
      expect(await remaining(t, key)).toBe(0);
      expect(warn.mock.calls.some(([message]) => String(message).includes('letting calls through'))).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('Test keys and quotas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ extraModules: [LimitsFixtureModule] });
  });
  afterAll(() => t.close());

  describe('POST /scanner/api/v1/generate-test-key', () => {
    it('issues a 10-scan, 7-day test key for a valid wallet', async () => {
      const res = await t.http
        .post('/scanner/api/v1/generate-test-key')
        .set('X-Forwarded-For', nextIp())
        .send({ wallet: wallet() })
        .expect(201);
      expect(res.body).toEqual({
        success: true,
        api_key: expect.stringMatching(/^test_[0-9a-f]{64}$/),
        quota: 10,
        expires_at: expect.any(String),
        plan: 'test',
      });
      expect(Math.round((Date.parse(res.body.expires_at) - Date.now()) / 86_400_000)).toBe(7);
    });

    it.each([[{ wallet: '0x123' }], [{ wallet: 'not a wallet' }], [{}], [{ wallet: 42 }]])(
      'refuses %j with 400',
      async (body) => {
        const res = await t.http
          .post('/scanner/api/v1/generate-test-key')
          .set('X-Forwarded-For', nextIp())
          .send(body)
          .expect(400);
        expect(res.body).toMatchObject({ success: false, error: 'invalid_request', details: { field: 'wallet' } });
      },
    );

    it('keeps one live test key per wallet, even under concurrent requests, and allows a new one once it expires', async () => {
      const w = wallet();
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.http.post('/scanner/api/v1/generate-test-key').set('X-Forwarded-For', nextIp()).send({ wallet: w }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      const created = results.find((r) => r.status === 201)!;
      const conflict = results.find((r) => r.status === 409)!;
      expect(conflict.body).toEqual({
        success: false,
        error: 'conflict',
        message: `This wallet already has a live test key; it expires at ${created.body.expires_at}`,
        details: { expires_at: created.body.expires_at },
      });
      expect(await sql(t, 'SELECT id FROM api_keys WHERE owner_wallet = $1', [w])).toHaveLength(1);

      await sql(t, "UPDATE test_key_claims SET expires_at = now() - interval '1 second' WHERE wallet = $1", [w]);
      await t.http
        .post('/scanner/api/v1/generate-test-key')
        .set('X-Forwarded-For', nextIp())
        .send({ wallet: w.toUpperCase().replace('0X', '0x') })
        .expect(201);
    });
  });

  it('50 concurrent scans with a fresh test key: exactly 10 succeed, 40 get 402; the quota ends at 0', async () => {
    const key = await testKey(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.http.post('/scanner/api/v1/__limits/scan').set('Authorization', `Bearer ${key}`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(results.find((r) => r.status === 402)!.body).toEqual({
      success: false,
      error: 'quota_exhausted',
      message: "This test key's 10 scans are spent; buy a plan for more",
    });
    expect(await remaining(t, key)).toBe(0);
  });

  it('a test key counts only Standard-class calls', async () => {
    const key = await testKey(t);
    await t.http.get('/scanner/api/v1/user/stats').set('Authorization', `Bearer ${key}`).expect(200);
    await t.http.get('/scanner/api/v1/user/recent-calls').set('Authorization', `Bearer ${key}`).expect(200);
    expect(await remaining(t, key)).toBe(10);
    await t.http.post('/scanner/api/v1/__limits/scan').set('Authorization', `Bearer ${key}`).expect(200);
    expect(await remaining(t, key)).toBe(9);
  });

  it('refuses a test key on surface C, spent or not, and spends none of its scans there', async () => {
    const key = await testKey(t);
    for (const path of [
      '/v1/account',
      '/v1/analyze/contract/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '/v1/market/price/ETH',
    ]) {
      const res = await t.http.get(path).set('Authorization', `Bearer ${key}`).expect(403);
      expect(res.body).toEqual({
        error: {
          code: 'TEST_KEY_NOT_ACCEPTED',
          message: 'Test keys work on /api/v1 and /scanner/api/v1 only; sign up at POST /v1/auth/signup for a /v1 key',
          hint: 'sign up at POST /v1/auth/signup for a surface C key',
        },
      });
    }
    expect(await remaining(t, key)).toBe(10);
    await sql(t, 'UPDATE api_keys SET quota_remaining = 0 WHERE key_hash = $1', [sha256(key)]);
    await t.http.get('/v1/market/price/ETH').set('Authorization', `Bearer ${key}`).expect(403);
    await t.http.post('/scanner/api/v1/__limits/scan').set('Authorization', `Bearer ${key}`).expect(402);
  });

  it('a spent monthly quota answers 429 with Retry-After until its reset, then refills', async () => {
    const key = await freeKey(t);
    const resetAt = new Date(Date.now() + 3 * 86_400_000);
    await sql(t, 'UPDATE api_keys SET quota_remaining = 0, quota_reset_at = $2 WHERE key_hash = $1', [
      sha256(key),
      resetAt,
    ]);
    const res = await t.http.post('/api/v1/__limits/scan').set('X-Service-API-Key', key).expect(429);
    expect(res.body.error).toMatchObject({
      code: 429,
      type: 'rate_limit_error',
      message: `Monthly quota spent; it resets at ${resetAt.toISOString()}`,
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(Math.abs(retryAfter - 3 * 86_400)).toBeLessThan(60);
    expect(res.body.error.retry_after).toBe(retryAfter);

    const past = new Date(Date.now() - 40 * 86_400_000);
    await sql(t, 'UPDATE api_keys SET quota_reset_at = $2 WHERE key_hash = $1', [sha256(key), past]);
    await t.http.post('/api/v1/__limits/scan').set('X-Service-API-Key', key).expect(200);
    const [row] = await sql<{ quota_remaining: number; quota_reset_at: Date }>(
      t,
      'SELECT quota_remaining, quota_reset_at FROM api_keys WHERE key_hash = $1',
      [sha256(key)],
    );
    expect(row.quota_remaining).toBe(10_000 - 1);
    // Moved forward by whole months, to the first reset date still ahead.
    expect(row.quota_reset_at.getTime()).toBeGreaterThan(Date.now());
    expect(row.quota_reset_at.getTime()).toBeLessThan(Date.now() + 32 * 86_400_000);
    expect(row.quota_reset_at.getUTCDate()).toBe(past.getUTCDate());
  });
});

describe('Quota exactness across two instances sharing PostgreSQL and Redis', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    };
    one = await bootTestApp({ extraModules: [LimitsFixtureModule], env });
    two = await bootTestApp({ extraModules: [LimitsFixtureModule], env, databaseUrl: one.db.url });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('50 concurrent scans split over both: exactly 10 succeed, never below zero', async () => {
    const key = await testKey(one);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? one : two).http.post('/scanner/api/v1/__limits/scan').set('Authorization', `Bearer ${key}`),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(40);
    expect(await remaining(one, key)).toBe(0);
  });

  it('many keys at once over both: their calls share statements, each key serves exactly its 10, no statement waits on another in a cycle', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => testKey(one)));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? one : two).http
          .post('/scanner/api/v1/__limits/scan')
          .set('Authorization', `Bearer ${keys[(i * 7) % keys.length]}`),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(80);
    expect(results.filter((r) => r.status === 402)).toHaveLength(120);
    for (const key of keys) {
      expect(results.filter((r, i) => r.status === 200 && keys[(i * 7) % keys.length] === key)).toHaveLength(10);
      expect(await remaining(one, key)).toBe(0);
    }
  });

  it("a statement charging many keys and the call log's batch insert of the same keys, in opposite orders, never deadlock", async () => {
    const issuer = one.app.get(ApiKeyService);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await issuer.issue({ plan: 'team', clientName: `order ${i}` })).record.id);
    ids.sort();
    const repos = [one, two].map((t) => ({
      keys: t.app.get(ApiKeyRepository),
      calls: t.app.get(CallLogRepository),
    }));
    const entry = (keyId: string) => ({
      keyId,
      surface: 'A' as const,
      method: 'POST',
      endpoint: '/api/v1/token/scan',
      status: 200,
      latencyMs: 1,
      at: new Date(),
    });
    for (let round = 0; round < 15; round++) {
      // The charges lock the keys in id order; the inserts' foreign-key checks lock them in the rows' order, here the reverse.
      await Promise.all(
        repos.flatMap(({ keys, calls }) => [
          keys.chargeCallsOfKeys(ids.flatMap((keyId) => [{ keyId, callId: randomUUID() }])),
          calls.insertMany([...ids].reverse().map(entry)),
        ]),
      );
    }
    const [taken] = await sql<{ calls: string }>(
      one,
      'SELECT sum(quota_limit - quota_remaining) AS calls FROM api_keys WHERE id = ANY($1::uuid[])',
      [ids],
    );
    expect(Number(taken.calls)).toBe(15 * 2 * ids.length);
  });

  it('per-key rate limits are shared: a free key gets 60 calls a minute across both', async () => {
    const key = await freeKey(one);
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      statuses.push(
        (await (i % 2 ? one : two).http.post('/api/v1/auth/validate').set('X-Service-API-Key', key)).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('and at once: 130 concurrent calls of a free key over both instances, exactly 60 admitted, each told its own place', async () => {
    const key = await freeKey(one);
    const results = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        (i % 2 ? one : two).http.post('/api/v1/auth/validate').set('X-Service-API-Key', key),
      ),
    );
    const admitted = results.filter((r) => r.status === 200);
    expect(admitted).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(70);
    const remainings = admitted.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b);
    expect(remainings).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });
});
