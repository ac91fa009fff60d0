import { randomUUID } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { nextIp, sha256, sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';
import { walletProof } from './support/wallet-proof';

const manifest = readManifest();
const [payer, other] = manifest.wallets.filter((w) => w.roles.includes('payer'));
const payerAccount = privateKeyToAccount(payer.privateKey as `0x${string}`);
const otherAccount = privateKeyToAccount(other.privateKey as `0x${string}`);

describe('Wallet proofs (Sign-In with Ethereum)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Supertest listens on a new port per request, so the Host header varies: fix the SIWE domain.
    t = await bootTestApp({ env: { SIWE_DOMAIN: 'api.test.local' } });
  });
  afterAll(() => t.close());

  /** Signed proof headers; `overrides` bend one field of the message to test each check. */
  const proof = (account = payerAccount, overrides: Parameters<typeof walletProof>[2] = {}, signer = account) =>
    walletProof(t, account, overrides, signer);

  it('GET /auth/nonce gives a single-use nonce for 5 minutes, and a ready message for a named wallet', async () => {
    const res = await t.http.get(`/scanner/api/v1/auth/nonce?wallet=${payer.address}`).expect(200);
    expect(res.body).toEqual({
      success: true,
      nonce: expect.stringMatching(/^[a-zA-Z0-9]{8,}$/),
      expires_at: expect.any(String),
      domain: 'api.test.local',
      uri: 'http://api.test.local',
      chain_id: manifest.chainId,
      message: expect.stringContaining(payer.address),
    });
    expect(Math.round((Date.parse(res.body.expires_at) - Date.now()) / 60_000)).toBe(5);
    const signature = await payerAccount.signMessage({ message: res.body.message });
    const keys = await t.http
      .get(`/scanner/api/v1/user/keys?wallet=${payer.address}`)
      .set({ 'X-Wallet-Message': Buffer.from(res.body.message).toString('base64'), 'X-Wallet-Signature': signature })
      .expect(200);
    expect(keys.body).toEqual({ success: true, wallet: payer.address.toLowerCase(), keys: expect.any(Array) });
  });

  it('lists the proven wallet’s keys without the key or its hash', async () => {
    const issued = await t.http
      .post('/scanner/api/v1/generate-test-key')
      .set('X-Forwarded-For', nextIp())
      .send({ wallet: payer.address });
    const apiKey = issued.body.api_key as string | undefined;
    const res = await t.http
      .get(`/scanner/api/v1/user/keys?wallet=${payer.address}`)
      .set(await proof())
      .expect(200);
    expect(res.body.keys).toContainEqual({
      key_prefix: expect.stringMatching(/^test_[0-9a-f]{8}$/),
      plan: 'test',
      status: 'active',
      rate_limit: '10/minute',
      remaining_quota: 10,
      quota_reset_date: null,
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    if (apiKey) {
      expect(res.text).not.toContain(apiKey);
      expect(res.text).not.toContain(sha256(apiKey));
    }
  });

  describe('refuses with 401', () => {
    const keysOf = (wallet: string) => t.http.get(`/scanner/api/v1/user/keys?wallet=${wallet}`);

    it('a missing proof', async () => {
      const res = await keysOf(payer.address).expect(401);
      expect(res.body).toEqual({
        success: false,
        error: 'unauthorized',
        message: expect.stringMatching(/^Wallet proof rejected: send the signed SIWE message/),
      });
    });

    it('a proof for another wallet than the one named', async () => {
      const res = await keysOf(other.address)
        .set(await proof(payerAccount))
        .expect(401);
      expect(res.body.message).toBe('Wallet proof rejected: the proof is for another wallet');
    });

    it('a replayed message', async () => {
      const headers = await proof();
      await keysOf(payer.address).set(headers).expect(200);
      const res = await keysOf(payer.address).set(headers).expect(401);
      expect(res.body.message).toMatch(/nonce is unknown, expired or already used/);
    });

    it('an expired message', async () => {
      const res = await keysOf(payer.address)
        .set(await proof(payerAccount, { expirationTime: new Date(Date.now() - 1000) }))
        .expect(401);
      expect(res.body.message).toBe('Wallet proof rejected: the message has expired');
    });

    it('a message for another domain', async () => {
      const res = await keysOf(payer.address)
        .set(await proof(payerAccount, { domain: 'evil.example' }))
        .expect(401);
      expect(res.body.message).toMatch(/the message is for evil\.example/);
    });

    it('a chain this service does not serve', async () => {
      const res = await keysOf(payer.address)
        .set(await proof(payerAccount, { chainId: 999_999 }))
        .expect(401);
      expect(res.body.message).toMatch(/chain id 999999 is not served here/);
    });

    it('a signature by someone else', async () => {
      const res = await keysOf(payer.address)
        .set(await proof(payerAccount, {}, otherAccount))
        .expect(401);
      expect(res.body.message).toMatch(/signature does not match/);
    });

    it('a nonce the service never issued', async () => {
      const res = await keysOf(payer.address)
        .set(await proof(payerAccount, { nonce: 'madeUpNonce12345' }))
        .expect(401);
      expect(res.body.message).toMatch(/nonce is unknown/);
    });

    it('garbage in the headers', async () => {
      const res = await keysOf(payer.address)
        .set({ 'X-Wallet-Message': 'bm90IGEgbWVzc2FnZQ==', 'X-Wallet-Signature': '0x00' })
        .expect(401);
      expect(res.body.message).toMatch(/not a SIWE message/);
    });
  });

  describe('POST /user/create-key', () => {
    it('refuses a plan the wallet has not bought (403) and issues nothing', async () => {
      const before = await sql(t, 'SELECT id FROM api_keys WHERE owner_wallet = $1', [other.address.toLowerCase()]);
      const res = await t.http
        .post('/scanner/api/v1/user/create-key')
        .set(await proof(otherAccount))
        .send({ wallet: other.address, plan: 'pro' })
        .expect(403);
      expect(res.body).toEqual({
        success: false,
        error: 'forbidden',
        message: 'This wallet has no active pro plan: buy one with purchase-plan first',
      });
      expect(await sql(t, 'SELECT id FROM api_keys WHERE owner_wallet = $1', [other.address.toLowerCase()])).toEqual(
        before,
      );
    });

    it('refuses an unknown plan with 400', async () => {
      const res = await t.http
        .post('/scanner/api/v1/user/create-key')
        .set(await proof(otherAccount))
        .send({ wallet: other.address, plan: 'gold' })
        .expect(400);
      expect(res.body.details).toEqual({ field: 'plan', value: 'gold' });
    });

    it('issues a key on a plan with an active purchase; it works and shows in the wallet’s stats', async () => {
      const wallet = other.address.toLowerCase();
      const expiresAt = new Date(Date.now() + 20 * 86_400_000);
      await sql(
        t,
        `INSERT INTO plan_purchases (id, wallet, plan, chain, tx_hash, log_index, token, amount, block_number, key_id, expires_at)
         VALUES ($1, $2, 'pro', 'eth', $3, 0, $4, 199000000, 1, $1, $5)`,
        [randomUUID(), wallet, `0x${'ab'.repeat(32)}`, manifest.contracts.USDC, expiresAt],
      );
      const res = await t.http
        .post('/scanner/api/v1/user/create-key')
        .set(await proof(otherAccount))
        .send({ wallet: other.address, plan: 'pro' })
        .expect(201);
      expect(res.body).toEqual({
        success: true,
        api_key: expect.stringMatching(/^ta_[0-9a-f]{64}$/),
        key: expect.objectContaining({
          plan: 'pro',
          status: 'active',
          rate_limit: '300/minute',
          remaining_quota: 300_000,
          expires_at: expiresAt.toISOString(),
        }),
      });
      await t.http.get('/scanner/api/v1/user/stats').set('Authorization', `Bearer ${res.body.api_key}`).expect(200);

      const stats = await t.http
        .get(`/scanner/api/v1/user/wallet-stats?wallet=${other.address}`)
        .set(await proof(otherAccount))
        .expect(200);
      expect(stats.body).toEqual({
        success: true,
        wallet,
        stats: { total_calls: 1, calls_today: 1, calls_this_month: 1, keys: 1, active_keys: 1, active_plans: ['pro'] },
      });
    });
  });
});
