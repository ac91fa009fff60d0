import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseUnits,
  type Hash,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';
import { walletProof } from './support/wallet-proof';

const manifest = readManifest();
const [payer1, payer2] = manifest.wallets.filter((w) => w.roles.includes('payer'));
const account1 = privateKeyToAccount(payer1.privateKey as `0x${string}`);
const account2 = privateKeyToAccount(payer2.privateKey as `0x${string}`);
const USDC = manifest.contracts.USDC as `0x${string}`;
const TREASURY = manifest.treasury as `0x${string}`;

describe('POST /scanner/api/v1/purchase-plan (payments verified on the devnet)', () => {
  let t: TestApp;
  const rpcUrl = () => process.env.TEST_DEVNET_RPC_URL!;
  const chain = {
    id: manifest.chainId,
    name: 'devnet',
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] as string[] } },
  };
  const publicClient = () => createPublicClient({ transport: http(rpcUrl()), pollingInterval: 50 });
  const wallet = (account = account1) => createWalletClient({ account, chain, transport: http(rpcUrl()) });

  beforeAll(async () => {
    // Many proofs from one address: lift the per-address budget of nonces and proofs for this suite.
    t = await bootTestApp({ env: { SIWE_DOMAIN: 'api.test.local', LOW_CLASS_RPM: '10000' } });
  });
  afterAll(() => t.close());

  async function pay(input: {
    amount: string;
    to?: `0x${string}`;
    token?: `0x${string}`;
    account?: typeof account1;
  }): Promise<Hash> {
    const hash = await wallet(input.account).writeContract({
      address: input.token ?? USDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [input.to ?? TREASURY, parseUnits(input.amount, 6)],
    });
    await publicClient().waitForTransactionReceipt({ hash });
    return hash;
  }

  /** Purchases with a fresh proof of `account`, expecting `status`. */
  const purchase = async (body: Record<string, unknown>, status: number, account = account1) =>
    t.http
      .post('/scanner/api/v1/purchase-plan')
      .set(await walletProof(t, account))
      .send({ wallet: account.address, plan: 'pro', ...body })
      .expect(status);

  it('GET /plans says what is for sale and how to pay: prices, limits, and per chain the treasury, the stablecoins and the confirmations', async () => {
    const res = await t.http.get('/scanner/api/v1/plans').expect(200);
    expect(res.body.plans).toEqual([
      { plan: 'starter', price_usd: 49, rate_limit: '60/minute', quota: 30_000, valid_days: 30, watches: 25 },
      { plan: 'pro', price_usd: 199, rate_limit: '300/minute', quota: 300_000, valid_days: 30, watches: 250 },
      { plan: 'team', price_usd: 499, rate_limit: '1000/minute', quota: 1_500_000, valid_days: 30, watches: 2_500 },
    ]);
    // The devnet serves chains eth and devnet here; base and bsc have no node configured, so they are not offered.
    expect(res.body.payment.map((p: { chain: string }) => p.chain).sort()).toEqual(['devnet', 'eth']);
    for (const terms of res.body.payment) {
      expect(terms).toMatchObject({ chain_id: manifest.chainId, treasury: getAddress(TREASURY), confirmations: 1 });
      expect(terms.tokens).toContainEqual({ symbol: 'USDC', address: getAddress(USDC), decimals: 6 });
    }
  });

  const purchaseRows = async (hash: string) =>
    sql(t, 'SELECT * FROM plan_purchases WHERE tx_hash = $1', [hash.toLowerCase()]);

  it('a valid payment gives a working key with the plan’s limits, 30 days from the payment’s block', async () => {
    const hash = await pay({ amount: '199' });
    const res = await purchase({ transaction_hash: hash, chain: 'eth' }, 201);
    expect(res.body).toEqual({
      success: true,
      api_key: expect.stringMatching(/^ta_[0-9a-f]{64}$/),
      key_prefix: expect.stringMatching(/^ta_[0-9a-f]{8}$/),
      plan: 'pro',
      rate_limit: '300/minute',
      quota: 300_000,
      quota_reset_date: expect.any(String),
      expires_at: expect.any(String),
      purchase: {
        chain: 'eth',
        transaction_hash: hash.toLowerCase(),
        log_index: expect.any(Number),
        token: 'USDC',
        amount: '199',
        block_number: expect.any(Number),
        paid_at: expect.any(String),
      },
    });
    expect(Date.parse(res.body.expires_at) - Date.parse(res.body.purchase.paid_at)).toBe(30 * 86_400_000);
    const stats = await t.http
      .get('/scanner/api/v1/user/stats')
      .set('Authorization', `Bearer ${res.body.api_key}`)
      .expect(200);
    expect(stats.body.stats).toMatchObject({ plan: 'pro', remaining_quota: 300_000 });
    const keys = await t.http
      .get(`/scanner/api/v1/user/keys?wallet=${account1.address}`)
      .set(await walletProof(t, account1))
      .expect(200);
    expect(keys.body.keys).toContainEqual(
      expect.objectContaining({ key_prefix: res.body.key_prefix, plan: 'pro', rate_limit: '300/minute' }),
    );
    const ws = await t.http
      .get(`/scanner/api/v1/user/wallet-stats?wallet=${account1.address}`)
      .set(await walletProof(t, account1))
      .expect(200);
    expect(ws.body.stats.active_plans).toContain('pro');
    expect(await purchaseRows(hash)).toEqual([
      expect.objectContaining({
        wallet: account1.address.toLowerCase(),
        plan: 'pro',
        chain: 'eth',
        token: USDC.toLowerCase(),
        amount: '199000000',
      }),
    ]);
  });

  it('the same payment from 20 concurrent clients issues exactly one key; the rest get 409 naming it', async () => {
    const hash = await pay({ amount: '499' });
    const proofs = await Promise.all(Array.from({ length: 20 }, () => walletProof(t, account1)));
    const results = await Promise.all(
      proofs.map((headers, i) =>
        t.http
          .post('/scanner/api/v1/purchase-plan')
          .set(headers)
          .send({
            wallet: account1.address,
            plan: 'team',
            transaction_hash: i % 2 ? hash.toUpperCase().replace('0X', '0x') : hash,
          }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    const conflicts = results.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    expect(conflicts[0].body).toEqual({
      success: false,
      error: 'conflict',
      message: `This payment was already used: it issued the key ${created[0].body.key_prefix}`,
      details: { key_prefix: created[0].body.key_prefix },
    });
    expect(await purchaseRows(hash)).toHaveLength(1);
    expect(
      await sql(t, "SELECT id FROM api_keys WHERE plan = 'team' AND owner_wallet = $1", [
        account1.address.toLowerCase(),
      ]),
    ).toHaveLength(1);
  });

  it('a payment from wallet X claimed with wallet Y’s proof: 401, or 400 wrong sender, and no key', async () => {
    const hash = await pay({ amount: '49' });
    const keysBefore = await sql(t, 'SELECT id FROM api_keys');
    const foreignProof = await t.http
      .post('/scanner/api/v1/purchase-plan')
      .set(await walletProof(t, account2))
      .send({ wallet: account1.address, plan: 'starter', transaction_hash: hash })
      .expect(401);
    expect(foreignProof.body.message).toBe('Wallet proof rejected: the proof is for another wallet');
    const asY = await purchase({ plan: 'starter', transaction_hash: hash }, 400, account2);
    expect(asY.body).toMatchObject({
      error: 'invalid_request',
      message: 'Wrong sender: the payment was not sent by the wallet that claims it',
    });
    const noProof = await t.http
      .post('/scanner/api/v1/purchase-plan')
      .send({ wallet: account1.address, plan: 'starter', transaction_hash: hash })
      .expect(401);
    expect(noProof.body.error).toBe('unauthorized');
    expect(await sql(t, 'SELECT id FROM api_keys')).toHaveLength(keysBefore.length);
    expect(await purchaseRows(hash)).toHaveLength(0);
  });

  describe('clear answers, and nothing issued', () => {
    it('unknown transaction → 404', async () => {
      const res = await purchase({ transaction_hash: `0x${'12'.repeat(32)}` }, 404);
      expect(res.body).toEqual({
        success: false,
        error: 'not_found',
        message: 'No transaction with this hash on chain eth',
      });
    });

    it('a failed (reverted) transaction → 400', async () => {
      const hash = await wallet().sendTransaction({
        to: USDC,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [TREASURY, parseUnits('1000000000', 6)],
        }),
        gas: 100_000n,
      });
      const receipt = await publicClient().waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('reverted');
      const res = await purchase({ transaction_hash: hash }, 400);
      expect(res.body.message).toBe('The payment transaction failed (reverted) on chain');
    });

    it('wrong recipient, wrong token → 400 saying which', async () => {
      const elsewhere = await pay({ amount: '199', to: payer2.address as `0x${string}` });
      const r = await purchase({ transaction_hash: elsewhere }, 400);
      expect(r.body.message).toMatch(/^Wrong recipient: the payment must go to the treasury 0x/);
      const staker = manifest.wallets.find((w) => w.roles.includes('staker'))!;
      const service = await wallet(privateKeyToAccount(staker.privateKey as `0x${string}`)).writeContract({
        address: manifest.contracts.ServiceToken as `0x${string}`,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [TREASURY, 1n],
      });
      await publicClient().waitForTransactionReceipt({ hash: service });
      const w = await purchase({ transaction_hash: service }, 400);
      expect(w.body.message).toBe('Wrong token: the transaction moves no USDC on eth');
    });

    it('too little → 402 with the amount missing', async () => {
      const hash = await pay({ amount: '10' });
      const res = await purchase({ plan: 'starter', transaction_hash: hash }, 402);
      expect(res.body).toEqual({
        success: false,
        error: 'insufficient_payment',
        message: 'Payment too small: 10 USDC paid, 49 USDC due, 39 USDC missing',
        details: { paid: '10', price: '49', missing: '39', token: 'USDC' },
      });
    });

    it.each([
      [{ plan: 'gold' }, 'plan'],
      [{ transaction_hash: '0x1234' }, 'transaction_hash'],
      [{ chain: 'polygon' }, 'chain'],
    ])('%j → 400 naming %s', async (body, field) => {
      const res = await purchase({ transaction_hash: `0x${'34'.repeat(32)}`, ...body }, 400);
      expect(res.body.details.field).toBe(field);
    });
  });

  describe('confirmations', () => {
    let deep: TestApp;
    beforeAll(async () => {
      deep = await bootTestApp({
        env: { SIWE_DOMAIN: 'api.test.local', PAYMENT_CONFIRMATIONS: '3' },
        databaseUrl: t.db.url,
      });
    });
    afterAll(() => deep.close());

    it('a too shallow payment → 409 with the confirmations missing; retrying once deep enough works', async () => {
      const hash = await pay({ amount: '49' });
      const shallow = await deep.http
        .post('/scanner/api/v1/purchase-plan')
        .set(await walletProof(deep, account1))
        .send({ wallet: account1.address, plan: 'starter', transaction_hash: hash })
        .expect(409);
      expect(shallow.body).toMatchObject({
        error: 'conflict',
        message: 'The payment needs 2 more confirmation(s): retry shortly',
        details: { missing_confirmations: 2 },
      });
      expect(shallow.headers['retry-after']).toBeDefined();
      await publicClient().request({ method: 'anvil_mine' as never, params: ['0x2'] as never });
      await deep.http
        .post('/scanner/api/v1/purchase-plan')
        .set(await walletProof(deep, account1))
        .send({ wallet: account1.address, plan: 'starter', transaction_hash: hash })
        .expect(201);
    });
  });
});
