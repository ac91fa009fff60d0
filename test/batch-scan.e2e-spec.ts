import { randomBytes } from 'node:crypto';
import { readManifest } from '../devnet';
import { freeKey, nextIp, sha256, sql } from './support/keys';
import { ROOMY_UPSTREAMS } from './support/scanning-app';
import { bootTestApp, TestApp } from './support/test-app';

// Quota and order are under test here, not the upstream buckets: with the default 8-call burst, 13
// analyses that happen to finish within one second of the limiter's window fail.

const manifest = readManifest();
const TOKENS = [...Object.values(manifest.tokens), ...Object.values(manifest.backdoors ?? {})].map((t) => t.address);
const EOA = manifest.wallets.find((w) => w.name === 'payer1')!.address;

async function testKey(t: TestApp): Promise<string> {
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const res = await t.http
    .post('/scanner/api/v1/generate-test-key')
    .set('X-Forwarded-For', nextIp())
    .send({ wallet })
    .expect(201);
  return res.body.api_key as string;
}

const remaining = async (t: TestApp, key: string) =>
  (
    await sql<{ quota_remaining: number }>(t, 'SELECT quota_remaining FROM api_keys WHERE key_hash = $1', [sha256(key)])
  )[0].quota_remaining;

describe('POST /api/v1/token/scan/batch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ env: ROOMY_UPSTREAMS });
  });
  afterAll(() => t.close());

  const batch = (key: string, body: unknown) =>
    t.http
      .post('/api/v1/token/scan/batch')
      .set('X-Service-API-Key', key)
      .send(body as object);

  it('answers 50 mixed tokens in input order, each with its report or its own error, and charges one call per distinct token answered', async () => {
    expect(TOKENS.length).toBeGreaterThanOrEqual(12);
    const key = await freeKey(t);
    const before = await remaining(t, key);
    const valid = TOKENS.slice(0, 12);
    // 12 distinct tokens, each a second time in another spelling, an EOA, bad addresses and chains.
    const tokens = [
      ...valid.map((a) => ({ contract_address: a })),
      ...valid.map((a) => ({ contract_address: a.toLowerCase(), chain: 'eth' })),
      { contract_address: EOA },
      ...Array.from({ length: 13 }, (_, i) => ({ contract_address: `0x${'12'.repeat(i + 1)}` })),
      ...Array.from({ length: 12 }, () => ({ contract_address: valid[0], chain: 'solana' })),
    ];
    expect(tokens).toHaveLength(50);

    const res = await batch(key, { tokens, features: ['security'] }).expect(200);
    const results = res.body.data.results as Array<{
      index: number;
      success: boolean;
      contract_address: string;
      data?: any;
      error?: any;
    }>;
    expect(results.map((r) => r.index)).toEqual(tokens.map((_, i) => i));
    expect(results.map((r) => r.contract_address)).toEqual(tokens.map((x) => x.contract_address));
    for (const [i, r] of results.slice(0, 24).entries()) {
      expect(r.success).toBe(true);
      expect(r.data.token_info.contract_address.toLowerCase()).toBe(valid[i % 12].toLowerCase());
      expect(r.data.analysis.security).toBeDefined();
    }
    expect(results[24]).toMatchObject({ success: false, error: { code: 404, type: 'not_found_error' } });
    for (const r of results.slice(25, 38))
      expect(r).toMatchObject({
        success: false,
        error: { code: 400, type: 'validation_error', message: 'Invalid contract address format' },
      });
    for (const r of results.slice(38))
      expect(r).toMatchObject({ success: false, error: { code: 400, details: { field: 'chain', value: 'solana' } } });
    expect(res.body.data.summary).toEqual({ requested: 50, succeeded: 24, failed: 26, quota_charged: 12 });
    // The EOA's call was taken and given back: 12 distinct tokens answered, 12 calls.
    expect(before - (await remaining(t, key))).toBe(12);
  });

  it("takes only what is left of a test key's 10 scans: the rest get a quota error each, and a spent key is refused whole", async () => {
    const key = await testKey(t);
    const res = await batch(key, {
      tokens: TOKENS.slice(0, 12).map((a) => ({ contract_address: a })),
      features: ['security'],
    }).expect(200);
    const results = res.body.data.results as Array<{ success: boolean; error?: { code: number } }>;
    expect(results.slice(0, 10).every((r) => r.success)).toBe(true);
    expect(results.slice(10).map((r) => r.error?.code)).toEqual([402, 402]);
    expect(await remaining(t, key)).toBe(0);
    const spent = await batch(key, { tokens: [{ contract_address: TOKENS[0] }] }).expect(402);
    expect(spent.body).toMatchObject({ success: false, error: { code: 402, type: 'quota_exceeded_error' } });
  });

  it('never hands out more than the quota to concurrent batches: 5 × 4 tokens on 10 scans → exactly 10 answered', async () => {
    const key = await testKey(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, b) =>
        batch(key, { tokens: TOKENS.slice(b, b + 4).map((a) => ({ contract_address: a })), features: ['security'] }),
      ),
    );
    const answered = answers
      .filter((r) => r.status === 200)
      .flatMap((r) => (r.body.data.results as Array<{ success: boolean }>).filter((x) => x.success));
    expect(answered).toHaveLength(10);
    expect(answers.every((r) => r.status === 200 || r.status === 402)).toBe(true);
    expect(await remaining(t, key)).toBe(0);
  });

  it('refuses a malformed batch whole, in A’s envelope, taking nothing', async () => {
    const key = await freeKey(t);
    const before = await remaining(t, key);
    for (const body of [
      { tokens: [] },
      { tokens: Array.from({ length: 51 }, () => ({ contract_address: TOKENS[0] })) },
      { tokens: [TOKENS[0]] },
      { tokens: [{ contract_address: TOKENS[0], evil: 1 }] },
      { tokens: [{ contract_address: 42 }] },
      { tokens: [[]] },
      { tokens: [{}] },
    ]) {
      const res = await batch(key, body).expect(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 400, type: 'validation_error' } });
    }
    expect(await remaining(t, key)).toBe(before);
  });
});

describe('POST /scanner/api/v1/token/analyze/batch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ env: ROOMY_UPSTREAMS });
  });
  afterAll(() => t.close());

  it("answers each token with B's analysis or B's error, in order, charging one call per distinct token answered", async () => {
    const key = await testKey(t);
    const tokens = [
      { contract_address: TOKENS[0] },
      { contract_address: EOA },
      { contract_address: TOKENS[0] },
      { contract_address: TOKENS[1], chain: 'polygon' },
    ];
    const res = await t.http
      .post('/scanner/api/v1/token/analyze/batch')
      .set('Authorization', `Bearer ${key}`)
      .send({ tokens })
      .expect(200);
    const [first, eoa, again, polygon] = res.body.results;
    expect(first).toMatchObject({
      index: 0,
      success: true,
      data: { success: true, analysis_details: { token_data: expect.any(Object) } },
    });
    expect(again.data).toEqual(first.data);
    expect(eoa).toMatchObject({ index: 1, success: false, error: 'not_found', message: expect.any(String) });
    expect(polygon).toMatchObject({
      index: 3,
      success: false,
      error: 'invalid_request',
      details: { field: 'chain', value: 'polygon' },
    });
    expect(res.body.summary).toEqual({ requested: 4, succeeded: 2, failed: 2, quota_charged: 1 });
    expect(await remaining(t, key)).toBe(9);
  });
});
