import type { Server } from 'node:http';
import fc from 'fast-check';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest } from '../devnet';
import { surfaceOf } from '../src/http/shared/surface';
import { envelopeMismatch } from './support/envelopes';
import { anyRequest, operationsOf, type FuzzRequest, type Operation } from './support/fuzz-requests';
import { keyOfPlan, nextIp, sql } from './support/keys';
import { listening, raw } from './support/routes';
import { bootTestApp, TestApp } from './support/test-app';
import { walletProof } from './support/wallet-proof';

/** Fixed, so a failure replays; change it to explore, and print it with every failure. */
const SEED = 20_250_712;
const IN_FLIGHT = 12;
/** Requests per property run: a pool keeps IN_FLIGHT of them in flight, so a slow one holds up no batch. */
const PER_RUN = 50;
const RUNS = 130;
const MIN_REQUESTS = 6_500;

const manifest = readManifest();
const account = (name: string) => privateKeyToAccount(manifest.wallets.find((w) => w.name === name)!.privateKey as Hex);
/** 1,000,000 staked: Silver, which opens every surface C route (2,500 calls a day). */
const staker = account('staker1');
/** Signs the wallet proofs of B's wallet routes and of sign-ups the fuzz sends. */
const prover = account('holder1');
const world = {
  tokens: Object.values(manifest.tokens).map((t) => ({ address: t.address, symbol: t.symbol })),
  wallets: manifest.wallets.map((w) => w.address),
  proofWallet: prover.address,
};

/**
 * Full analyses are the slow operations (a wallet's portfolio, whale movements, AI insights read many
 * tokens): they get a smaller share of the runs, never none.
 */
const weightOf = (op: Operation): number => {
  if (/\/ai\/insights$|\/analyze\/wallet\/|\/market\/whales\//.test(op.path)) return 2;
  return /\/token\/(scan|analyze|research|x-analysis|chat)$|\/ai\/query$|\/watches/.test(op.path) ? 3 : 6;
};

/** `fn` over `items`, at most `width` at a time, results in order. */
async function inPool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

interface Tally {
  requests: number;
  byOperation: Map<string, Map<number, number>>;
  /** Milliseconds spent waiting for answers, per operation (to keep slow operations' share low). */
  waited: Map<string, number>;
}

describe('Fuzz: every operation of the OpenAPI document, with valid and mutated requests', () => {
  let t: TestApp;
  let server: Server;
  let ops: Operation[];
  let keys: Record<'A' | 'B' | 'C', string>;

  beforeAll(async () => {
    t = await bootTestApp({
      // Our own limits stay on (429 is a fine answer) but high enough that most requests get further.
      // Every chain gets a node (the devnet under other chain ids), so no answer is the deliberate 503
      // "Chain X is not configured" (test/chain-errors.e2e-spec.ts): any 5xx the fuzz sees is a fault.
      env: {
        ...Object.fromEntries(
          ['BSC', 'POLYGON', 'ARBITRUM', 'OPTIMISM', 'BASE'].map((c) => [
            `${c}_RPC_URL`,
            process.env.TEST_DEVNET_RPC_URL,
          ]),
        ),
        TREASURY_ADDRESS: manifest.treasury,
        SCANNER_GLOBAL_RPM: '1000000',
        LOW_CLASS_RPM: '1000000',
        KEY_ISSUES_PER_IP_PER_HOUR: '1000000',
        UPSTREAM_LIMITS: ['audit_provider', 'scanner_provider', 'market_data', 'block_explorer', 'social_data', 'llm']
          .map((k) => `${k}=100000/100000`)
          .join(','),
      },
    });
    server = await listening(t);
    ops = operationsOf((await t.http.get('/v1/openapi.json').expect(200)).body, t.config.scannerBasePath);
    const proof = await walletProof(t, staker, {}, staker, '/v1/auth/nonce');
    const signup = await t.http
      .post('/v1/auth/signup')
      .set('X-Forwarded-For', nextIp())
      .set(proof)
      .send({ email: 'fuzz@example.com', wallet: staker.address })
      .expect(201);
    keys = {
      A: await keyOfPlan(t, 'enterprise'),
      B: await keyOfPlan(t, 'enterprise'),
      C: signup.body.api_key as string,
    };
    await sql(t, 'UPDATE api_keys SET rate_limit_per_minute = 1000000');
  });
  afterAll(() => t.close());

  /** The request as sent: keys and wallet proofs filled in. */
  async function resolve(req: FuzzRequest, op: Operation): Promise<Parameters<typeof raw>[1]> {
    const headers: Record<string, string | undefined> = { ...req.headers };
    const own = keys[op.surface];
    const other = keys[op.surface === 'C' ? 'A' : 'C'];
    const put = (value: string) =>
      op.surface === 'A' ? (headers['x-service-api-key'] = value) : (headers.authorization = `Bearer ${value}`);
    let path = req.path;
    if (req.auth === 'valid') put(own);
    if (req.auth === 'unknown') put(`ta_${'ab'.repeat(32)}`);
    if (req.auth === 'garbage' && op.surface === 'A') headers['x-service-api-key'] = req.authValue;
    if (req.auth === 'garbage' && op.surface !== 'A') headers.authorization = req.authValue;
    if (req.auth === 'other-surface') put(other);
    if (req.auth === 'both-headers')
      Object.assign(headers, { 'x-service-api-key': own, authorization: `Bearer ${other}` });
    if (req.auth === 'in-query') path += `${path.includes('?') ? '&' : '?'}api_key=${own}`;
    if (req.proof === 'valid')
      Object.assign(
        headers,
        await walletProof(t, prover, {}, prover, op.surface === 'C' ? '/v1/auth/nonce' : '/scanner/api/v1/auth/nonce'),
      );
    if (req.proof === 'garbage')
      Object.assign(headers, {
        'X-Wallet-Message': Buffer.from(req.authValue, 'latin1').toString('base64'),
        'X-Wallet-Signature': `0x${'11'.repeat(65)}`,
      });
    const body = req.body === undefined ? (req.method === 'GET' ? undefined : '') : Buffer.from(req.body, req.encoding);
    return { method: req.method, path, headers, body };
  }

  /** Why the answer to `req` is wrong, or null. */
  async function check(req: FuzzRequest, tally: Tally): Promise<string | null> {
    const op = ops.find((o) => o.id === req.op)!;
    const sent = await resolve(req, op);
    tally.requests += 1;
    let res: Awaited<ReturnType<typeof raw>>;
    const started = performance.now();
    try {
      res = await raw(server, sent);
      tally.waited.set(op.id, (tally.waited.get(op.id) ?? 0) + performance.now() - started);
    } catch (err) {
      return `no answer: ${(err as Error).message}`;
    }
    const statuses = tally.byOperation.get(op.id)!;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) return `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
    if (res.status >= 200 && res.status < 300) return null;
    // A conditional GET answered from the ETag: HTTP's own answer, with no body by definition.
    if (res.status === 304 && Object.keys(sent.headers ?? {}).some((h) => /^if-(none-match|modified-since)$/i.test(h)))
      return null;
    const mismatch = envelopeMismatch(
      surfaceOf(sent.path.split('?')[0], t.config.scannerBasePath),
      res.status,
      res.body,
    );
    return (
      mismatch && `${res.status} not in its surface's envelope (${mismatch}): ${JSON.stringify(res.body).slice(0, 200)}`
    );
  }

  const describeRequest = (r: FuzzRequest) =>
    JSON.stringify({
      ...r,
      body: r.body && r.body.length > 300 ? `${r.body.slice(0, 300)}… (${r.body.length} chars)` : r.body,
      path: r.path.length > 300 ? `${r.path.slice(0, 300)}…` : r.path,
    });

  it(`answers ${MIN_REQUESTS}+ generated requests without a 5xx, every error in its surface's envelope`, async () => {
    expect(ops.length).toBeGreaterThan(30);
    const tally: Tally = { requests: 0, byOperation: new Map(ops.map((o) => [o.id, new Map()])), waited: new Map() };
    const batch = fc.array(anyRequest(ops, world, weightOf), { minLength: PER_RUN, maxLength: PER_RUN });
    const property = fc.asyncProperty(batch, async (requests) => {
      const problems = await inPool(requests, IN_FLIGHT, (r) => check(r, tally));
      const wrong = requests.flatMap((r, i) =>
        problems[i] ? [`${problems[i]}\n    request: ${describeRequest(r)}`] : [],
      );
      if (wrong.length) throw new Error(wrong.join('\n'));
    });
    const summary = () => {
      const counts = [...tally.byOperation].map(([id, statuses]) => ({
        id,
        sent: [...statuses.values()].reduce((a, b) => a + b, 0),
        statuses: Object.fromEntries(statuses),
        ms: Math.round(tally.waited.get(id) ?? 0),
      }));
      process.stdout.write(
        `fuzz: seed ${SEED}, ${tally.requests} requests over ${ops.length} operations\n${counts.map((c) => `  ${c.id}: ${c.sent} sent, ${c.ms} ms waited, ${JSON.stringify(c.statuses)}`).join('\n')}\n`,
      );
      return counts;
    };
    try {
      // Stop at the first failing run: its requests are printed whole, and shrinking 50-request runs only repeats load.
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    } catch (err) {
      summary();
      // fast-check's own message repeats the whole counterexample (bodies up to 180 kB): keep its first line.
      const { message, cause } = err as Error & { cause?: Error };
      // eslint-disable-next-line preserve-caught-error -- the cause is the whole counterexample: the message keeps its first 8 kB
      throw new Error(
        `seed ${SEED}, ${tally.requests} requests sent; ${message.split('\n')[0]}\n${(cause?.message ?? message).slice(0, 8000)}`,
      );
    }
    const counts = summary();
    expect(tally.requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every operation was fuzzed, and got past authentication at least once (the valid requests are valid).
    const thin = counts.filter((c) => c.sent < 25 || Object.keys(c.statuses).every((s) => s === '401' || s === '429'));
    expect(thin).toEqual([]);
    // Issue 12 bounds the suite to a minute on a 2-core machine: measured, not asserted (this test 50-52 s,
    // the suite 54-58 s when run alone); the timeout only keeps a hung run from holding CI.
  }, 180_000);
});
