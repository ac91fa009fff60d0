/**
 * Surface C on the devnet: sign-up, tiers by stake (StakingVault.stakedOf), daily limits, analysis
 * and market endpoints. The one test that changes chain state (an unstake) runs between
 * evm_snapshot / evm_revert.
 */
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  http,
  parseAbi,
  parseUnits,
  type Hex,
} from 'viem';
import { privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { nextIp, sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';
import { walletProof } from './support/wallet-proof';

const manifest = readManifest();
const wallet = (name: string) => manifest.wallets.find((w) => w.name === name)!;
const staker1 = privateKeyToAccount(wallet('staker1').privateKey as Hex);
const staker2 = privateKeyToAccount(wallet('staker2').privateKey as Hex);
const clean = manifest.tokens.clean;
const honeypot = manifest.tokens.honeypot;
const VAULT_ABI = parseAbi(['function unstake(uint256 amount)', 'function stakedOf(address) view returns (uint256)']);

const errorBody = (code: string) => ({ error: { code, message: expect.any(String), hint: expect.any(String) } });

describe('Surface C (/v1)', () => {
  let t: TestApp;
  const rpcUrl = () => process.env.TEST_DEVNET_RPC_URL!;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(rpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await res.json()) as { result: T }).result;
  };

  beforeAll(async () => {
    t = await bootTestApp({
      env: {
        SIWE_DOMAIN: 'api.test.local',
        LOW_CLASS_RPM: '10000',
        KEY_ISSUES_PER_IP_PER_HOUR: '1000',
        // A demo wallet holds a dozen tokens: analysing them all at once must not hit the default upstream buckets.
        UPSTREAM_LIMITS:
          'audit_provider=1000/1000,scanner_provider=1000/1000,market_data=1000/1000,social_data=1000/1000',
      },
    });
  });
  afterAll(() => t.close());

  /** Surface C issues its own nonces. */
  const proofHeaders = (account: LocalAccount) => walletProof(t, account, {}, account, '/v1/auth/nonce');

  async function signup(account?: LocalAccount): Promise<{ key: string; body: Record<string, unknown> }> {
    const headers = account ? await proofHeaders(account) : {};
    const res = await t.http
      .post('/v1/auth/signup')
      .set('X-Forwarded-For', nextIp())
      .set(headers)
      .send({ email: 'Dev@Example.com', ...(account ? { wallet: account.address } : {}) })
      .expect(201);
    return { key: res.body.api_key as string, body: res.body };
  }

  const get = (path: string, key: string) => t.http.get(path).set('Authorization', `Bearer ${key}`);

  describe('sign-up and auth', () => {
    it('issues a Free key without a wallet, shown once, with its tier and limits', async () => {
      const { key, body } = await signup();
      expect(body).toEqual({
        api_key: expect.stringMatching(/^ta_/),
        key_id: expect.any(String),
        expires_at: expect.any(String),
        key_prefix: expect.any(String),
        email: 'dev@example.com',
        wallet: null,
        tier: 'free',
        stake: expect.objectContaining({
          amount: '0',
          amount_raw: '0',
          vault: manifest.contracts.StakingVault,
          token: manifest.contracts.ServiceToken,
        }),
        daily: {
          limit: 50,
          used: 0,
          remaining: 50,
          resets_at: expect.stringMatching(/T00:00:00\.000Z$/),
          counted_per: 'key',
        },
        rate_limit_per_minute: 60,
        watch_limit: 3,
        endpoints: ['analyze/contract', 'analyze/token', 'market/price', 'watches'],
        next_tier: { tier: 'bronze', required_stake: '100000' },
      });
      const account = await get('/v1/account', key).expect(200);
      expect(account.body).toMatchObject({ tier: 'free', wallet: null, daily: { used: 0 } });
      expect(account.body.api_key).toBeUndefined();
    });

    it('refuses a bad e-mail (VALIDATION_ERROR) and a wallet without a valid proof (INVALID_WALLET_PROOF)', async () => {
      const bad = await t.http
        .post('/v1/auth/signup')
        .set('X-Forwarded-For', nextIp())
        .send({ email: 'nope' })
        .expect(400);
      expect(bad.body).toEqual({
        error: expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringContaining('email') }),
      });
      const unproven = await t.http
        .post('/v1/auth/signup')
        .set('X-Forwarded-For', nextIp())
        .send({ email: 'a@b.co', wallet: staker1.address })
        .expect(401);
      expect(unproven.body).toEqual(errorBody('INVALID_WALLET_PROOF'));
      // A proof for staker2 cannot bind staker1's wallet.
      const foreign = await t.http
        .post('/v1/auth/signup')
        .set('X-Forwarded-For', nextIp())
        .set(await proofHeaders(staker2))
        .send({ email: 'a@b.co', wallet: staker1.address })
        .expect(401);
      expect(foreign.body).toEqual(errorBody('INVALID_WALLET_PROOF'));
    });

    it('answers INVALID_API_KEY (401) for a missing or unknown key', async () => {
      const missing = await t.http.get(`/v1/analyze/contract/${clean.address}`).expect(401);
      expect(missing.body).toEqual(errorBody('INVALID_API_KEY'));
      const unknown = await get(`/v1/analyze/contract/${clean.address}`, `ta_${'1'.repeat(64)}`).expect(401);
      expect(unknown.body).toEqual({
        error: { code: 'INVALID_API_KEY', message: 'Invalid API key: no such key', hint: 'check the key' },
      });
    });
  });

  describe('tiers by stake', () => {
    it('staker1 (1,000,000 staked) reaches Silver; staker2 (nothing staked) stays Free and gets INSUFFICIENT_TIER on a Bronze endpoint', async () => {
      const s1 = await signup(staker1);
      expect(s1.body).toMatchObject({
        wallet: staker1.address.toLowerCase(),
        tier: 'silver',
        stake: {
          amount: '1000000',
          amount_raw: parseUnits('1000000', 18).toString(),
          chain: 'eth',
          chain_id: 31337,
          block_number: expect.any(Number),
        },
        daily: { limit: 2500, counted_per: 'wallet' },
        endpoints: [
          'analyze/contract',
          'analyze/token',
          'market/price',
          'watches',
          'market/whales',
          'analyze/wallet',
          'transaction/prepare',
          'transaction/simulate',
          'ai/query',
          'ai/insights',
        ],
        next_tier: { tier: 'gold', required_stake: '10000000' },
      });
      const s2 = await signup(staker2);
      expect(s2.body).toMatchObject({ tier: 'free', stake: { amount: '0' } });
      const refused = await get(`/v1/market/whales/${clean.address}`, s2.key).expect(403);
      expect(refused.body).toEqual({
        error: {
          code: 'INSUFFICIENT_TIER',
          message: expect.stringContaining('needs the Bronze tier: stake at least 100,000'),
          hint: 'stake more of the native token',
          details: { required_tier: 'bronze', required_stake: '100000', current_tier: 'free', current_stake: '0' },
        },
      });
      // Another token than the whales test's: its report must not be cached before that test moves tokens.
      const opened = await get(`/v1/market/whales/${manifest.tokens.taxed.address}`, s1.key).expect(200);
      expect(opened.headers['x-tier']).toBe('silver');
    });

    it('dropping the stake drops the tier (unstake signed by staker1, reverted afterwards)', async () => {
      const { key } = await signup(staker1);
      const snapshot = await rpc<Hex>('evm_snapshot');
      try {
        const chain = {
          id: manifest.chainId,
          name: 'devnet',
          nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [rpcUrl()] } },
        };
        const hash = await createWalletClient({ account: staker1, chain, transport: http(rpcUrl()) }).writeContract({
          address: manifest.contracts.StakingVault,
          abi: VAULT_ABI,
          functionName: 'unstake',
          args: [parseUnits('950000', 18)],
        });
        const receipt = await createPublicClient({
          transport: http(rpcUrl()),
          pollingInterval: 50,
        }).waitForTransactionReceipt({ hash });
        expect(receipt.status).toBe('success');
        const after = await get('/v1/account', key).expect(200);
        expect(after.body).toMatchObject({ tier: 'free', stake: { amount: '50000' }, next_tier: { tier: 'bronze' } });
        const refused = await get(`/v1/market/whales/${clean.address}`, key).expect(403);
        expect(refused.body.error).toMatchObject({
          code: 'INSUFFICIENT_TIER',
          details: { current_tier: 'free', current_stake: '50000' },
        });
      } finally {
        await rpc('evm_revert', [snapshot]);
      }
      const restored = await get('/v1/account', key).expect(200);
      expect(restored.body.tier).toBe('silver');
    });

    it('the 51st call of a Free key in a UTC day gets RATE_LIMIT_EXCEEDED with Retry-After until 00:00 UTC', async () => {
      const { key } = await signup();
      await get(`/v1/analyze/contract/${clean.address}`, key).expect(200);
      const rest = await Promise.all(
        Array.from({ length: 49 }, () => get(`/v1/analyze/contract/${clean.address}`, key)),
      );
      expect(rest.map((r) => r.status)).toEqual(Array(49).fill(200));
      const last = rest.find((r) => r.headers['x-dailylimit-remaining'] === '0');
      expect(last).toBeDefined();
      const over = await get(`/v1/analyze/contract/${clean.address}`, key).expect(429);
      expect(over.body).toEqual({
        error: expect.objectContaining({
          code: 'RATE_LIMIT_EXCEEDED',
          hint: 'upgrade tier or wait',
          message: expect.stringContaining('Free tier'),
        }),
      });
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      const expected = Math.ceil((midnight.getTime() - Date.now()) / 1000);
      expect(Math.abs(Number(over.headers['retry-after']) - expected)).toBeLessThanOrEqual(5);
      const account = await get('/v1/account', key).expect(200);
      expect(account.body.daily).toMatchObject({ limit: 50, used: 50, remaining: 0 });
    });

    it('concurrent calls never pass the daily limit', async () => {
      const { body, key } = await signup();
      const results = await Promise.all(
        Array.from({ length: 58 }, () => get(`/v1/analyze/contract/${clean.address}`, key)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(50);
      expect(statuses.filter((s) => s === 429)).toHaveLength(8);
      const rows = await sql<{ calls: number }>(t, 'SELECT calls FROM platform_daily_usage WHERE subject = $1', [
        `key:${body.key_id}`,
      ]);
      expect(rows).toEqual([{ calls: 50 }]);
    });
  });

  describe('analysis', () => {
    let key: string;
    beforeAll(async () => {
      key = (await signup()).key;
    });

    it('GET /v1/analyze/contract/{address}: score, functions with their risk, overall risk', async () => {
      const res = await get(`/v1/analyze/contract/${clean.address}`, key).expect(200);
      expect(res.body).toMatchObject({
        chain: 'eth',
        address: clean.address,
        symbol: 'CLEAN',
        security_score: expect.any(Number),
        overall_risk: expect.stringMatching(/^(VERY_LOW|LOW)$/),
        contract: { verified: true, is_proxy: false, can_mint: false, owner_renounced: true },
        trading: { is_honeypot: false, simulated: true },
      });
      expect(res.body.functions).toContainEqual(
        expect.objectContaining({ signature: 'transfer(address,uint256)', risk: 'none', found_in: 'contract' }),
      );
      const bad = await get(`/v1/analyze/contract/${honeypot.address}`, key).expect(200);
      expect(bad.body).toMatchObject({ overall_risk: 'VERY_HIGH', trading: { is_honeypot: true } });
      expect(bad.body.critical_issues.length).toBeGreaterThan(0);
    });

    it('an invalid address → INVALID_ADDRESS (400); an address without code → NOT_FOUND', async () => {
      const res = await get('/v1/analyze/contract/0x1234', key).expect(400);
      expect(res.body).toEqual({
        error: {
          code: 'INVALID_ADDRESS',
          message: 'Invalid address: expected a 0x-prefixed 40-hex-digit address',
          hint: expect.any(String),
          details: { field: 'address', value: '0x1234' },
        },
      });
      const eoa = await get(`/v1/analyze/contract/${staker2.address}`, key).expect(404);
      expect(eoa.body.error.code).toBe('NOT_FOUND');
      const chain = await get(`/v1/analyze/contract/${clean.address}?chain=solana`, key).expect(400);
      expect(chain.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('GET /v1/analyze/token/{symbol}: price, liquidity, holders, security', async () => {
      const res = await get('/v1/analyze/token/clean', key).expect(200);
      expect(res.body).toMatchObject({
        address: clean.address,
        symbol: 'CLEAN',
        resolved_from: 'clean',
        price: { usd: expect.any(Number), pool: clean.pair, block_number: expect.any(Number) },
        liquidity: { total_usd: expect.any(Number), pairs: [expect.objectContaining({ address: clean.pair })] },
        holders: { count: expect.any(Number), top: expect.any(Array) },
        security: { score: expect.any(Number), trading: { is_honeypot: false } },
        score: { service_score: expect.any(Number), grade: expect.any(String) },
      });
      expect(res.body.price.usd).toBeGreaterThan(0);
      expect(res.body.holders.count).toBeGreaterThan(0);
      const byAddress = await get(`/v1/analyze/token/${clean.address}`, key).expect(200);
      expect(byAddress.body.resolved_from).toBeNull();
    });

    it('an unknown symbol → NOT_FOUND; an ambiguous one → 409 AMBIGUOUS_SYMBOL with the candidates', async () => {
      const unknown = await get('/v1/analyze/token/NOPE', key).expect(404);
      expect(unknown.body.error.code).toBe('NOT_FOUND');
      // A second token that calls itself CLEAN, as if analysed here before.
      const copy = manifest.tokens.rug.address;
      await sql(
        t,
        `INSERT INTO platform_known_tokens (chain, address, symbol, symbol_upper, name) VALUES ('eth', $1, 'CLEAN', 'CLEAN', 'Clean Copy')`,
        [copy.toLowerCase()],
      );
      try {
        const res = await get('/v1/analyze/token/CLEAN', key).expect(409);
        expect(res.body.error).toMatchObject({ code: 'AMBIGUOUS_SYMBOL', details: { symbol: 'CLEAN' } });
        expect(res.body.error.details.candidates).toEqual(
          expect.arrayContaining([
            { address: clean.address, symbol: 'CLEAN', name: 'Clean Token', source: 'token_list' },
            { address: copy, symbol: 'CLEAN', name: 'Clean Copy', source: 'analysed' },
          ]),
        );
      } finally {
        await sql(t, 'DELETE FROM platform_known_tokens WHERE address = $1', [copy.toLowerCase()]);
      }
    });
  });

  describe('wallet', () => {
    it('a Free key on the Silver endpoint gets INSUFFICIENT_TIER naming Silver and 1,000,000', async () => {
      const { key } = await signup();
      const res = await get(`/v1/analyze/wallet/${wallet('holder1').address}`, key).expect(403);
      expect(res.body.error).toEqual({
        code: 'INSUFFICIENT_TIER',
        message: expect.stringContaining('needs the Silver tier: stake at least 1,000,000 service tokens'),
        hint: 'stake more of the native token',
        details: { required_tier: 'silver', required_stake: '1000000', current_tier: 'free', current_stake: '0' },
      });
    });

    it('GET /v1/analyze/wallet/{address} (Silver): balances, recent transfers, USD value, risk flags', async () => {
      const { key } = await signup(staker1);
      const holder = wallet('holder1').address;
      const res = await get(`/v1/analyze/wallet/${holder}`, key).expect(200);
      expect(res.body).toMatchObject({
        chain: 'eth',
        chain_id: 31337,
        address: holder,
        native: {
          symbol: 'ETH',
          balance: expect.any(String),
          price_usd: expect.any(Number),
          value_usd: expect.any(Number),
        },
        portfolio_value_usd: expect.any(Number),
        window: { from_block: expect.any(Number), to_block: expect.any(Number) },
      });
      expect(res.body.tokens).toContainEqual(
        expect.objectContaining({
          address: clean.address,
          symbol: 'CLEAN',
          price_usd: expect.any(Number),
          value_usd: expect.any(Number),
          risk: 'VERY_LOW',
          flags: [],
        }),
      );
      expect(res.body.recent_transfers).toContainEqual(
        expect.objectContaining({ token: clean.address, direction: 'in', amount: '5000000' }),
      );
      const total =
        res.body.native.value_usd +
        res.body.tokens.reduce((sum: number, t: { value_usd: number | null }) => sum + (t.value_usd ?? 0), 0);
      expect(res.body.portfolio_value_usd).toBeCloseTo(total, 1);
    });
  });

  describe('market', () => {
    it('GET /v1/market/price/{symbol}: USD price with the pool and block', async () => {
      const { key } = await signup();
      const res = await get('/v1/market/price/CLEAN', key).expect(200);
      const { change_24h_percent: change, ...rest } = res.body;
      expect(change === null || typeof change === 'number').toBe(true);
      expect(rest).toEqual({
        chain: 'eth',
        chain_id: 31337,
        symbol: 'CLEAN',
        address: clean.address,
        price_usd: expect.any(Number),
        pool: {
          address: clean.pair,
          dex: 'Uniswap V2',
          kind: 'v2',
          fee_tier: null,
          stable: null,
          pair: 'CLEAN/WETH',
          quote_symbol: 'WETH',
          quote_usd: expect.any(Number),
          liquidity_usd: expect.any(Number),
        },
        block: { number: expect.any(Number), time: expect.any(String) },
        cached: expect.any(Boolean),
      });
      expect(res.body.price_usd).toBeGreaterThan(0);
      const weth = await get('/v1/market/price/WETH', key).expect(200);
      // The devnet's WETH/USDC pool is seeded at 900,000 USDC for 300 WETH.
      expect(weth.body.price_usd).toBeGreaterThan(1000);
    });

    it('GET /v1/market/whales/{token}: a large transfer and the holder shifts it makes, inside the 24 h window', async () => {
      const { key } = await signup(staker1);
      const token = (await get('/v1/analyze/token/CLEAN', key).expect(200)).body as {
        total_supply: string;
        holders: { top: Array<{ address: string; amount: string; tags: string[] }> };
      };
      const whale = token.holders.top.find(
        (h) => h.tags.length === 0 && Number(h.amount) >= Number(token.total_supply) / 50,
      )!;
      expect(whale).toBeDefined();
      const receiver = wallet('holder2').address.toLowerCase();
      const amount = parseUnits(String(Math.floor(Number(token.total_supply) / 50)), 18);
      const snapshot = await rpc<Hex>('evm_snapshot');
      try {
        await rpc('anvil_impersonateAccount', [whale.address]);
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver as Hex, amount] });
        const hash = await rpc<Hex>('eth_sendTransaction', [{ from: whale.address, to: clean.address, data }]);
        await createPublicClient({ transport: http(rpcUrl()), pollingInterval: 50 }).waitForTransactionReceipt({
          hash,
        });
        const res = await get('/v1/market/whales/CLEAN', key).expect(200);
        expect(res.body).toMatchObject({
          chain: 'eth',
          chain_id: 31337,
          address: clean.address,
          symbol: 'CLEAN',
          window: {
            from: expect.any(String),
            to: expect.any(String),
            to_block: expect.any(Number),
            basis: expect.stringContaining('24 h'),
          },
          thresholds: {
            large_transfer_min: String(Number(token.total_supply) / 100),
            holder_shift_min: expect.any(String),
          },
          summary: {
            large_transfers: expect.any(Number),
            large_holders_moved: expect.any(Number),
            whale_activity: expect.any(String),
          },
        });
        expect(Date.parse(res.body.window.to) - Date.parse(res.body.window.from)).toBe(86_400_000);
        expect(res.body.large_transfers).toContainEqual({
          block_number: res.body.window.to_block,
          log_index: expect.any(Number),
          time: res.body.window.to,
          from: whale.address.toLowerCase(),
          to: receiver,
          amount: formatUnits(amount, 18),
          percent_of_supply: 2,
          kind: 'transfer',
        });
        expect(res.body.holder_shifts).toContainEqual(
          expect.objectContaining({
            address: receiver,
            net_change: formatUnits(amount, 18),
            direction: 'accumulating',
          }),
        );
        expect(res.body.holder_shifts).toContainEqual(
          expect.objectContaining({
            address: whale.address.toLowerCase(),
            net_change: `-${formatUnits(amount, 18)}`,
            direction: 'distributing',
          }),
        );
      } finally {
        await rpc('anvil_stopImpersonatingAccount', [whale.address]);
        await rpc('evm_revert', [snapshot]);
      }
    });
  });
});
