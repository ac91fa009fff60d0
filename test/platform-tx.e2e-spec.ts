/**
 * Surface C transactions and AI on the devnet: prepared swaps signed with a manifest wallet's key and
 * sent, the honeypot refused (and, when overridden, its sell predicted to revert), simulation of any
 * transaction, AI query and insights, and the Silver tier these endpoints need. Every test that sends
 * transactions runs between evm_snapshot / evm_revert.
 */
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  http,
  parseUnits,
  type Hex,
} from 'viem';
import { privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { readManifest } from '../devnet';
import { nextIp } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const manifest = readManifest();
const wallet = (name: string) => manifest.wallets.find((w) => w.name === name)!;
const staker1 = privateKeyToAccount(wallet('staker1').privateKey as Hex);
const staker2 = privateKeyToAccount(wallet('staker2').privateKey as Hex);
const holder1 = wallet('holder1').address as Hex;
const holder2 = wallet('holder2').address as Hex;
const clean = manifest.tokens.clean;
const honeypot = manifest.tokens.honeypot;
const WETH = manifest.contracts.WETH;
const ROUTER = manifest.contracts.UniswapV2Router02;

interface Tx {
  type: string;
  chainId: number;
  from: string;
  to: Hex;
  data: Hex;
  value: string;
  gas: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  nonce: number;
}
interface Step {
  kind: string;
  description: string;
  transaction: Tx;
  gas_estimate: string | null;
  gas_source: string;
}

describe('Surface C transactions and AI (/v1)', () => {
  let t: TestApp;
  let silverKey: string;
  let freeKey: string;
  const rpcUrl = () => process.env.TEST_DEVNET_RPC_URL!;
  const publicClient = () => createPublicClient({ transport: http(rpcUrl()), pollingInterval: 50 });
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(rpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await res.json()) as { result: T }).result;
  };
  const inSnapshot = async (fn: () => Promise<void>) => {
    const snapshot = await rpc<Hex>('evm_snapshot');
    try {
      await fn();
    } finally {
      await rpc('evm_revert', [snapshot]);
    }
  };

  async function signup(account?: LocalAccount): Promise<string> {
    const headers: Record<string, string> = {};
    if (account) {
      const g = (await t.http.get('/v1/auth/nonce').expect(200)).body as {
        nonce: string;
        domain: string;
        uri: string;
        chain_id: number;
      };
      const message = createSiweMessage({
        address: account.address,
        chainId: g.chain_id,
        domain: g.domain,
        nonce: g.nonce,
        uri: g.uri,
        version: '1',
        issuedAt: new Date(),
        expirationTime: new Date(Date.now() + 60_000),
      });
      headers['X-Wallet-Message'] = Buffer.from(message).toString('base64');
      headers['X-Wallet-Signature'] = await account.signMessage({ message });
    }
    const res = await t.http
      .post('/v1/auth/signup')
      .set('X-Forwarded-For', nextIp())
      .set(headers)
      .send({ email: 'bot@example.com', ...(account ? { wallet: account.address } : {}) })
      .expect(201);
    return res.body.api_key as string;
  }

  const post = (path: string, body: object, key = silverKey) =>
    t.http.post(path).set('Authorization', `Bearer ${key}`).send(body);

  /** Signs the prepared transaction with the account's key exactly as served, sends it, waits for the receipt. */
  async function send(account: LocalAccount, tx: Tx) {
    const chain = {
      id: tx.chainId,
      name: 'devnet',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl()] } },
    };
    const hash = await createWalletClient({ account, chain, transport: http(rpcUrl()) }).sendTransaction({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.gas),
      maxFeePerGas: BigInt(tx.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
      nonce: tx.nonce,
    });
    return publicClient().waitForTransactionReceipt({ hash });
  }
  const tokenBalance = (token: Hex, owner: Hex) =>
    publicClient().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  beforeAll(async () => {
    // Wallet insights analyse every held token at once: the spec's upstream buckets (audit 4/s, burst 8)
    // would refuse some of them after the tests before, and a refused token is reported unpriced.
    const upstreams = 'audit_provider=1000/1000,scanner_provider=1000/1000,market_data=1000/1000,social_data=1000/1000';
    t = await bootTestApp({
      env: {
        SIWE_DOMAIN: 'api.test.local',
        LOW_CLASS_RPM: '10000',
        KEY_ISSUES_PER_IP_PER_HOUR: '1000',
        UPSTREAM_LIMITS: upstreams,
      },
    });
    [silverKey, freeKey] = await Promise.all([signup(staker1), signup()]);
  });
  afterAll(() => t.close());

  it('a Free key gets INSUFFICIENT_TIER naming Silver on all four endpoints; staker1 (1,000,000 staked) reaches them', async () => {
    const bodies: Array<[string, object]> = [
      ['/v1/transaction/prepare', { from: staker1.address, intent: 'transfer', to: holder2, amount_in: '1' }],
      ['/v1/transaction/simulate', { from: staker1.address, to: holder2, value: '1' }],
      ['/v1/ai/query', { question: 'Is CLEAN safe?' }],
      ['/v1/ai/insights', { wallet: holder1 }],
    ];
    for (const [path, body] of bodies) {
      const refused = await post(path, body, freeKey).expect(403);
      expect(refused.body).toEqual({
        error: {
          code: 'INSUFFICIENT_TIER',
          message: expect.stringContaining('needs the Silver tier: stake at least 1,000,000 service tokens'),
          hint: 'stake more of the native token',
          details: { required_tier: 'silver', required_stake: '1000000', current_tier: 'free', current_stake: '0' },
        },
      });
    }
    const opened = await post('/v1/transaction/simulate', { from: staker1.address, to: holder2, value: '1' }).expect(
      200,
    );
    expect(opened.headers['x-tier']).toBe('silver');
    const account = await t.http.get('/v1/account').set('Authorization', `Bearer ${silverKey}`).expect(200);
    expect(account.body.endpoints).toEqual(
      expect.arrayContaining(['transaction/prepare', 'transaction/simulate', 'ai/query', 'ai/insights']),
    );
  });

  it('a prepared swap of native coin for CLEAN, signed by the sender and sent, delivers the quoted output within the slippage; selling back adds the approval first', async () => {
    await inSnapshot(async () => {
      const res = await post('/v1/transaction/prepare', {
        from: staker1.address,
        intent: 'swap',
        token_in: 'ETH',
        token_out: 'CLEAN',
        amount_in: '1.5',
      }).expect(200);
      const body = res.body as {
        transaction: Tx;
        steps: Step[];
        route: Record<string, any>;
        risk: any[];
        warnings: any[];
      };
      expect(body).toMatchObject({
        chain: 'eth',
        chain_id: 31337,
        intent: 'swap',
        from: staker1.address,
        warnings: [],
        block_number: expect.any(Number),
      });
      expect(body.steps).toEqual([
        {
          kind: 'swap',
          description: expect.stringContaining('Swap 1.5 ETH for at least'),
          transaction: body.transaction,
          gas_estimate: expect.any(String),
          gas_source: 'eth_estimateGas',
        },
      ]);
      expect(body.transaction).toEqual({
        type: 'eip1559',
        chainId: manifest.chainId,
        from: staker1.address,
        to: ROUTER,
        data: expect.stringMatching(/^0xb6f9de95/), // swapExactETHForTokensSupportingFeeOnTransferTokens
        value: parseUnits('1.5', 18).toString(),
        gas: expect.any(String),
        maxFeePerGas: expect.any(String),
        maxPriorityFeePerGas: expect.any(String),
        nonce: await publicClient().getTransactionCount({ address: staker1.address }),
      });
      expect(BigInt(body.transaction.gas)).toBe(
        BigInt(body.steps[0].gas_estimate!) + BigInt(body.steps[0].gas_estimate!) / 5n,
      );
      const route = body.route;
      expect(route).toMatchObject({
        dex: 'Uniswap V2',
        router: ROUTER,
        path: [WETH, clean.address],
        path_symbols: ['WETH', 'CLEAN'],
        slippage_bps: 50,
        tax_adjustment_percent: 0,
      });
      expect(route.input).toEqual({
        token: 'native',
        symbol: 'ETH',
        decimals: 18,
        amount: '1.5',
        amount_raw: parseUnits('1.5', 18).toString(),
      });
      expect(route.expected_out.amount_raw).toBe(route.quoted_out.amount_raw);
      expect(BigInt(route.minimum_out.amount_raw)).toBe((BigInt(route.expected_out.amount_raw) * 9950n) / 10000n);
      expect(route.price_impact_percent).toBeGreaterThan(0);
      // Direct and through USDC were both quoted in the one multicall; the direct pool gives more.
      expect(route.alternatives.map((a: { path: string[] }) => a.path.length)).toEqual(expect.arrayContaining([2]));
      expect(body.risk).toEqual([
        expect.objectContaining({
          token: clean.address,
          symbol: 'CLEAN',
          is_honeypot: false,
          blocking: false,
          warnings: [],
        }),
      ]);

      const before = await tokenBalance(clean.address, staker1.address);
      const receipt = await send(staker1, body.transaction);
      expect(receipt.status).toBe('success');
      const received = (await tokenBalance(clean.address, staker1.address)) - before;
      expect(received).toBe(BigInt(route.expected_out.amount_raw));
      expect(received >= BigInt(route.minimum_out.amount_raw)).toBe(true);

      // Selling half back: the router has no allowance yet, so an exact approval comes first.
      const half = received / 2n;
      const sell = await post('/v1/transaction/prepare', {
        from: staker1.address,
        intent: 'swap',
        token_in: clean.address,
        token_out: 'native',
        amount_in: (Number(half) / 1e18).toFixed(6),
        slippage_bps: 100,
      }).expect(200);
      const steps = sell.body.steps as Step[];
      expect(steps.map((s) => [s.kind, s.gas_source])).toEqual([
        ['approve', 'eth_estimateGas'],
        ['swap', 'eth_simulateV1'],
      ]);
      expect(steps[1].transaction.nonce).toBe(steps[0].transaction.nonce + 1);
      expect(decodeFunctionData({ abi: erc20Abi, data: steps[0].transaction.data })).toEqual({
        functionName: 'approve',
        args: [ROUTER, BigInt(sell.body.route.input.amount_raw)],
      });
      expect(sell.body.transaction).toEqual(steps[1].transaction);
      const ethBefore = await publicClient().getBalance({ address: staker1.address });
      const receipts = [await send(staker1, steps[0].transaction), await send(staker1, steps[1].transaction)];
      expect(receipts.map((r) => r.status)).toEqual(['success', 'success']);
      const fees = receipts.reduce((sum, r) => sum + r.gasUsed * r.effectiveGasPrice, 0n);
      const ethReceived = (await publicClient().getBalance({ address: staker1.address })) - ethBefore + fees;
      expect(ethReceived).toBe(BigInt(sell.body.route.expected_out.amount_raw));
    });
  });

  it("a taxed token's quote is cut by its measured buy tax, so the prepared buy stays inside its minimum", async () => {
    const taxed = manifest.tokens.taxed;
    await inSnapshot(async () => {
      const res = await post('/v1/transaction/prepare', {
        from: staker1.address,
        intent: 'swap',
        token_out: 'TAXED',
        amount_in: '1',
      }).expect(200);
      const route = res.body.route;
      expect(route.tax_adjustment_percent).toBeCloseTo(5, 0);
      expect(BigInt(route.expected_out.amount_raw)).toBeLessThan(BigInt(route.quoted_out.amount_raw));
      expect(res.body.warnings).toContainEqual(expect.objectContaining({ code: 'HIGH_TAX', token: taxed.address }));
      const before = await tokenBalance(taxed.address, staker1.address);
      expect((await send(staker1, res.body.transaction)).status).toBe('success');
      const received = (await tokenBalance(taxed.address, staker1.address)) - before;
      expect(received >= BigInt(route.minimum_out.amount_raw)).toBe(true);
      const expected = BigInt(route.expected_out.amount_raw);
      expect(Number(received > expected ? received - expected : expected - received) / Number(expected)).toBeLessThan(
        0.001,
      );
    });
  });

  it('refuses the honeypot without allow_risky (409 RISKY_TOKEN); with it, warns; simulate predicts the sell revert, and the chain agrees', async () => {
    const buy = { from: staker1.address, intent: 'swap', token_in: 'native', token_out: 'HONEY', amount_in: '0.5' };
    const refused = await post('/v1/transaction/prepare', buy).expect(409);
    expect(refused.body.error).toMatchObject({
      code: 'RISKY_TOKEN',
      message: expect.stringContaining('allow_risky'),
      details: { tokens: [expect.objectContaining({ token: honeypot.address, symbol: 'HONEY', is_honeypot: true })] },
    });
    await inSnapshot(async () => {
      const allowed = await post('/v1/transaction/prepare', { ...buy, allow_risky: true }).expect(200);
      expect(allowed.body.risk).toEqual([
        expect.objectContaining({ token: honeypot.address, is_honeypot: true, blocking: true }),
      ]);
      expect(allowed.body.warnings.map((w: { code: string }) => w.code)).toEqual(
        expect.arrayContaining(['RISK_OVERRIDDEN', 'HONEYPOT']),
      );
      expect((await send(staker1, allowed.body.transaction)).status).toBe('success');
      const held = await tokenBalance(honeypot.address, staker1.address);
      expect(held).toBeGreaterThan(0n);

      const sell = await post('/v1/transaction/prepare', {
        from: staker1.address,
        intent: 'swap',
        token_in: 'HONEY',
        token_out: 'native',
        amount_in: (Number(held) / 2e18).toFixed(6),
        allow_risky: true,
      }).expect(200);
      const [approve, swap] = sell.body.steps as Step[];
      expect([approve.kind, swap.kind, swap.gas_source]).toEqual(['approve', 'swap', 'default']);
      expect(sell.body.warnings).toContainEqual(
        expect.objectContaining({ code: 'WILL_REVERT', message: expect.stringContaining('TRANSFER_FAILED') }),
      );
      expect((await send(staker1, approve.transaction)).status).toBe('success');

      const simulated = await post('/v1/transaction/simulate', {
        from: staker1.address,
        to: swap.transaction.to,
        data: swap.transaction.data,
        value: swap.transaction.value,
      }).expect(200);
      expect(simulated.body).toMatchObject({
        chain: 'eth',
        from: staker1.address,
        to: ROUTER,
        success: false,
        revert_reason: 'TRANSFER_FAILED',
        gas_used: expect.any(Number),
        method: 'eth_simulateV1',
      });
      expect(simulated.body.tokens_analysed).toEqual([honeypot.address]);
      expect(simulated.body.warnings).toContainEqual({
        code: 'HONEYPOT',
        severity: 'critical',
        token: honeypot.address,
        symbol: 'HONEY',
        message: expect.stringContaining('cannot be sold'),
      });
      expect(simulated.body.balance_changes).toEqual([
        expect.objectContaining({ token: 'native', symbol: 'ETH', change: '0', change_raw: '0' }),
      ]);
      const receipt = await send(staker1, swap.transaction);
      expect(receipt.status).toBe('reverted');

      // The wallet now holds the honeypot: its insights name it as the risky holding.
      const insights = await post('/v1/ai/insights', { wallet: staker1.address }).expect(200);
      expect(insights.body.risky_tokens).toContainEqual(
        expect.objectContaining({
          token: honeypot.address,
          symbol: 'HONEY',
          flags: expect.arrayContaining(['honeypot']),
        }),
      );
      expect(insights.body.summary).toContain('HONEY');
    });
  });

  it('simulate: a successful ERC-20 transfer with the sender balance changes it makes', async () => {
    const data = (amount: bigint) =>
      `0xa9059cbb${holder2.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
    const res = await post('/v1/transaction/simulate', {
      from: holder1,
      to: clean.address,
      data: data(parseUnits('1000', 18)),
    }).expect(200);
    const before = await tokenBalance(clean.address, holder1);
    expect(res.body).toEqual({
      chain: 'eth',
      chain_id: 31337,
      from: holder1,
      to: clean.address,
      success: true,
      revert_reason: null,
      gas_used: expect.any(Number),
      balance_changes: [
        expect.objectContaining({ token: 'native', change: '0' }),
        {
          token: clean.address,
          symbol: 'CLEAN',
          decimals: 18,
          before: formatUnits(before, 18),
          after: formatUnits(before - parseUnits('1000', 18), 18),
          change: '-1000',
          change_raw: (-parseUnits('1000', 18)).toString(),
        },
      ],
      warnings: [],
      tokens_analysed: [clean.address],
      method: 'eth_simulateV1',
      block_number: expect.any(Number),
    });
    const tooMuch = await post('/v1/transaction/simulate', {
      from: holder1,
      to: clean.address,
      data: data(before + 1n),
    }).expect(200);
    expect(tooMuch.body).toMatchObject({
      success: false,
      revert_reason: expect.any(String),
      balance_changes: [expect.objectContaining({ token: 'native' })],
    });
  });

  it('prepare transfers: native value and ERC-20 transfer, for any sender', async () => {
    const native = await post('/v1/transaction/prepare', {
      from: staker2.address,
      intent: 'transfer',
      to: holder2,
      amount_in: '0.25',
    }).expect(200);
    expect(native.body).toMatchObject({ intent: 'transfer', route: null, risk: [], warnings: [] });
    expect(native.body.transaction).toMatchObject({
      from: staker2.address,
      to: holder2,
      data: '0x',
      value: parseUnits('0.25', 18).toString(),
      gas: '25200',
    });
    const token = await post('/v1/transaction/prepare', {
      from: holder1,
      intent: 'transfer',
      token_in: 'CLEAN',
      to: holder2,
      amount_in: '1000',
    }).expect(200);
    expect(token.body.transaction).toMatchObject({ from: holder1, to: clean.address, value: '0' });
    expect(decodeFunctionData({ abi: erc20Abi, data: token.body.transaction.data })).toEqual({
      functionName: 'transfer',
      args: [holder2, parseUnits('1000', 18)],
    });
    await inSnapshot(async () => {
      expect((await send(staker2, native.body.transaction)).status).toBe('success');
    });
  });

  it('prepare errors: INVALID_ADDRESS, VALIDATION_ERROR, INSUFFICIENT_BALANCE', async () => {
    const bad = await post('/v1/transaction/prepare', {
      from: '0x1234',
      intent: 'swap',
      token_out: 'CLEAN',
      amount_in: '1',
    }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_ADDRESS', details: { field: 'from', value: '0x1234' } });
    const noOut = await post('/v1/transaction/prepare', {
      from: staker2.address,
      intent: 'swap',
      amount_in: '1',
    }).expect(400);
    expect(noOut.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'token_out' } });
    const amount = await post('/v1/transaction/prepare', {
      from: staker2.address,
      intent: 'swap',
      token_out: 'CLEAN',
      amount_in: '-1',
    }).expect(400);
    expect(amount.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('amount_in'),
    });
    const broke = await post('/v1/transaction/prepare', {
      from: staker2.address,
      intent: 'swap',
      token_in: 'CLEAN',
      token_out: 'native',
      amount_in: '5',
    }).expect(409);
    expect(broke.body.error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      details: { symbol: 'CLEAN', balance: '0', needed: '5' },
    });
  });

  it('POST /v1/ai/query answers from live analyses and names its engine', async () => {
    const res = await post('/v1/ai/query', { question: 'Is HONEY safe to buy?' }).expect(200);
    expect(res.body).toEqual({
      chain: 'eth',
      chain_id: 31337,
      question: 'Is HONEY safe to buy?',
      answer: expect.stringContaining('honeypot'),
      intent: 'safety',
      tokens: [
        {
          address: honeypot.address,
          name: 'Honey Pot',
          symbol: 'HONEY',
          service_score: expect.any(Number),
          grade: 'F',
          honeypot: true,
        },
      ],
      resolved_symbols: [{ symbol: 'HONEY', address: honeypot.address }],
      engine: 'built-in',
      model: 'built-in-analyst',
      conversation_id: expect.any(String),
      message_count: 2,
      answered_at: expect.any(String),
    });
    const compare = await post('/v1/ai/query', { question: 'compare $clean vs HONEY' }).expect(200);
    expect(compare.body).toMatchObject({
      intent: 'compare',
      resolved_symbols: [{ symbol: 'CLEAN' }, { symbol: 'HONEY' }],
    });
    expect(compare.body.tokens.map((x: { symbol: string }) => x.symbol)).toEqual(['CLEAN', 'HONEY']);
    const followUp = await post('/v1/ai/query', {
      question: 'and its taxes?',
      conversation_id: res.body.conversation_id,
    }).expect(200);
    expect(followUp.body).toMatchObject({ intent: 'taxes', tokens: [{ symbol: 'HONEY' }], message_count: 4 });
  });

  it("POST /v1/ai/insights: a wallet's portfolio, concentration, risky tokens, liquidity and moves", async () => {
    const res = await post('/v1/ai/insights', { wallet: holder1 }).expect(200);
    expect(res.body).toMatchObject({
      chain: 'eth',
      chain_id: 31337,
      wallet: holder1,
      portfolio_value_usd: expect.any(Number),
      concentration: {
        hhi: expect.any(Number),
        level: expect.stringMatching(/^(SINGLE_ASSET|CONCENTRATED|MODERATE|DIVERSIFIED)$/),
        top_symbol: expect.any(String),
        top_share_percent: expect.any(Number),
      },
      value_at_risk_usd: expect.any(Number),
      activity: {
        transfers_in: expect.any(Number),
        transfers_out: expect.any(Number),
        window_blocks: expect.any(Number),
      },
      summary: expect.stringContaining(`Wallet ${holder1}`),
      engine: 'built-in',
      model: 'built-in-analyst',
    });
    expect(res.body.positions[0]).toEqual({
      token: expect.any(String),
      symbol: expect.any(String),
      value_usd: expect.any(Number),
      share_percent: expect.any(Number),
    });
    expect(res.body.positions).toContainEqual(expect.objectContaining({ token: 'native', symbol: 'ETH' }));
    const shares = res.body.positions.reduce(
      (sum: number, p: { share_percent: number | null }) => sum + (p.share_percent ?? 0),
      0,
    );
    expect(shares).toBeCloseTo(100, 0);
    expect(res.body.liquidity).toContainEqual(
      expect.objectContaining({
        token: clean.address,
        symbol: 'CLEAN',
        liquidity_usd: expect.any(Number),
        exit_risk: expect.any(Boolean),
      }),
    );
    expect(res.body.moves).toContainEqual(expect.objectContaining({ token: 'native', symbol: 'ETH' }));
    expect(res.body.unanalysed_tokens).toEqual([]);
    const bad = await post('/v1/ai/insights', { wallet: 'nope' }).expect(400);
    expect(bad.body.error.code).toBe('INVALID_ADDRESS');
  });
});
