/**
 * Watches (issue 33) against the devnet: a watch keeps the token's verdict; the watcher follows the
 * chain's new blocks and records an alert when a watched token's verdict changed. Each test runs
 * between evm_snapshot / evm_revert (a revert is a reorg below the watcher's cursor: the next tick rewinds).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Abi, Address, Hex } from 'viem';
import { Watcher } from '../src/watches/watcher';
import { compiledAbis, connectDevnet, makeClients, type DevnetClients } from './support/devnet-chain';
import { attemptsOf, receiver } from './support/jobs';
import { keyOfPlan, nextIp, sha256, sql } from './support/keys';
import { ROOMY_UPSTREAMS } from './support/scanning-app';
import { bootTestApp, type TestApp } from './support/test-app';
import type { DevnetManifest } from '../devnet';

let t: TestApp;
let second: TestApp;
let key: string;
let m: DevnetManifest;
let abis: Record<string, Abi>;
let clients: DevnetClients;
let snapshot: Hex;

beforeAll(async () => {
  const devnet = await connectDevnet();
  m = devnet.manifest;
  abis = compiledAbis();
  clients = makeClients(devnet.rpcUrl, m.contracts.Multicall3);
  t = await bootTestApp({ env: ROOMY_UPSTREAMS });
  // The second app runs the job workers (webhooks) and takes loopback callback URLs; its watcher loop is off (ticks are the tests').
  second = await bootTestApp({
    env: { ...ROOMY_UPSTREAMS, PROCESS_ROLE: 'all', WEBHOOK_ALLOW_PRIVATE: 'true', WATCH_POLL_MS: '0' },
    databaseUrl: t.db.url,
  });
  key = await keyOfPlan(t, 'team');
});
afterAll(async () => {
  await second.close();
  await t.close();
});
beforeEach(async () => {
  snapshot = await clients.test.snapshot();
});
afterEach(async () => {
  await clients.test.revert({ id: snapshot });
  await sql(t, 'DELETE FROM watches');
});

const POWERS = () => m.tokens.powers;
const watcher = (app: TestApp = t) => app.app.get(Watcher);

/** `account` (an unlocked devnet account) calls `functionName` on `contract`; resolves with the mined transaction. */
async function send(account: string, contract: string, abi: Abi, functionName: string, args: unknown[] = []) {
  const hash = await clients.wallet.writeContract({
    account: account as Address,
    address: contract as Address,
    abi,
    functionName,
    args,
    chain: null,
    gas: 3_000_000n,
  });
  await clients.pub.waitForTransactionReceipt({ hash });
  return hash;
}

const ownerCalls = (functionName: string, args: unknown[] = []): Promise<Hex> =>
  send(POWERS().owner, POWERS().address, abis.PowersToken, functionName, args);

/** Ticks until the watcher stands on the head (a revert of the previous test may first move it back). */
async function catchUp(w: Watcher = watcher()) {
  const total = { blocks: 0, rescanned: 0, alerts: 0, rewinds: 0 };
  for (let i = 0; i < 10; i++) {
    const o = await w.tick('eth');
    total.blocks += o.blocks;
    total.rescanned += o.rescanned;
    total.alerts += o.alerts;
    if (o.rewound !== undefined) total.rewinds++;
    if (o.blocks === 0 && o.rewound === undefined) return total;
  }
  return total;
}

const watch = (body: Record<string, unknown>, k = key) =>
  t.http.post('/api/v1/watches').set('X-Service-API-Key', k).send(body);
const alerts = async (after = '0') =>
  (await t.http.get(`/api/v1/watches/alerts?after=${after}`).set('X-Service-API-Key', key).expect(200)).body.data;

describe('Watches', () => {
  it('a watch keeps the verdict; the owner pauses: one alert with pause now in use, the transaction and block named', async () => {
    const created = await watch({ contract_address: POWERS().address }).expect(201);
    expect(created.body).toMatchObject({
      success: true,
      data: {
        contract_address: POWERS().address.toLowerCase(),
        chain: 'eth',
        chain_id: 31337,
        callback_url: null,
        verdict: { trading: 'open', in_use: [], findings: expect.arrayContaining(['pause live pause()']) },
      },
    });
    await catchUp();
    const { alerts: before, next_after } = await alerts();

    const hash = await ownerCalls('pause');
    const tick = await catchUp();
    expect(tick).toMatchObject({ alerts: 1, rescanned: 1 });
    const { alerts: after } = await alerts(next_after);
    expect(after).toHaveLength(1);
    const receipt = await clients.pub.getTransactionReceipt({ hash });
    expect(after[0]).toMatchObject({
      watch_id: created.body.data.id,
      contract_address: POWERS().address.toLowerCase(),
      block: Number(receipt.blockNumber),
      transaction: hash,
      before: { trading: 'open' },
      after: { trading: 'closed', in_use: ['pause'] },
      change: { trading: { before: 'open', after: 'closed' }, now_in_use: ['pause'] },
    });
    expect(before.every((a: { id: string }) => a.id !== after[0].id)).toBe(true);
    // The watch now compares against the paused verdict.
    const listed = await t.http.get('/api/v1/watches').set('X-Service-API-Key', key).expect(200);
    expect(listed.body.data).toMatchObject({ count: 1, limit: 2500, watches: [{ verdict: { trading: 'closed' } }] });
  });

  it('a block is finished once: a second watcher, and a second tick, repeat no alert (ownership renounced: powers dormant)', async () => {
    await watch({ contract_address: POWERS().address }).expect(201);
    await catchUp();
    const { next_after } = await alerts();
    await ownerCalls('renounceOwnership');
    const [one, two] = await Promise.all([catchUp(watcher(t)), catchUp(watcher(second))]);
    expect(one.alerts + two.alerts).toBe(1);
    const { alerts: after } = await alerts(next_after);
    expect(after).toHaveLength(1);
    expect(after[0].change.findings_removed).toEqual(expect.arrayContaining(['pause live pause()']));
    expect(after[0].change.findings_added).toEqual(expect.arrayContaining(['pause dormant pause()']));
    expect(await catchUp(watcher(second))).toMatchObject({ alerts: 0 });
    expect((await alerts(after[0].id)).alerts).toEqual([]);
  });

  it("the owner pulls the liquidity of `pullable`: one alert, caused by the pool's Burn", async () => {
    const { address, pair, owner } = m.liquidity.pullable;
    const created = await watch({ contract_address: address }).expect(201);
    await catchUp();
    const { next_after } = await alerts();
    const lp = (await clients.pub.readContract({
      address: pair as Address,
      abi: abis.UniswapV2Pair,
      functionName: 'balanceOf',
      args: [owner],
    })) as bigint;
    expect(lp).toBeGreaterThan(0n);
    await send(owner, pair, abis.UniswapV2Pair, 'transfer', [pair, lp]);
    const burn = await send(owner, pair, abis.UniswapV2Pair, 'burn', [owner]);
    await catchUp();
    const { alerts: after } = await alerts(next_after);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      watch_id: created.body.data.id,
      transaction: burn,
      cause: `liquidity was removed from pool ${pair.toLowerCase()}`,
    });
    expect(after[0].change.score ?? after[0].change.grade).toBeDefined();
  });

  it('a watcher restarted between the event and its alert delivers it once: the cursor is in the database', async () => {
    await watch({ contract_address: POWERS().address }).expect(201);
    await catchUp();
    const { next_after } = await alerts();
    await ownerCalls('pause');
    // The watcher that saw the block before goes away; a new process (a restart) takes over from the cursor.
    const restarted = await bootTestApp({ env: ROOMY_UPSTREAMS, databaseUrl: t.db.url });
    try {
      expect(await catchUp(watcher(restarted))).toMatchObject({ alerts: 1 });
      expect(await catchUp(watcher(t))).toMatchObject({ alerts: 0, blocks: 0 });
    } finally {
      await restarted.close();
    }
    expect((await alerts(next_after)).alerts).toHaveLength(1);
  });

  it('a reorg of the last blocks: an event that comes back is not alerted twice; one that does not is alerted undone', async () => {
    const created = await watch({ contract_address: POWERS().address }).expect(201);
    await catchUp();
    const { next_after } = await alerts();
    const mine = (blocks: number) => clients.test.mine({ blocks });

    // The pause is mined and alerted; the chain then drops its block and mines it again one block later.
    const fork = await clients.test.snapshot();
    const { blockNumber: firstBlock } = await clients.pub.getTransactionReceipt({ hash: await ownerCalls('pause') });
    expect(await catchUp()).toMatchObject({ alerts: 1 });
    await clients.test.revert({ id: fork });
    await mine(1);
    const { blockNumber: againBlock } = await clients.pub.getTransactionReceipt({ hash: await ownerCalls('pause') });
    expect(againBlock).toBe(firstBlock + 1n);
    const replayed = await catchUp();
    expect(replayed).toMatchObject({ alerts: 0, rewinds: 1 });
    const { alerts: paused } = await alerts(next_after);
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({ block: Number(firstBlock), change: { now_in_use: ['pause'] } });

    // The unpause is alerted, then its block is dropped and the chain goes on without it: the token is paused
    // again, and an alert says so, named by the reorg (no one transaction caused it).
    const beforeUnpause = await clients.test.snapshot();
    await ownerCalls('unpause');
    expect(await catchUp()).toMatchObject({ alerts: 1 });
    await clients.test.revert({ id: beforeUnpause });
    await mine(2);
    expect(await catchUp()).toMatchObject({ alerts: 1, rewinds: 1 });
    const { alerts: all } = await alerts(next_after);
    expect(all.map((a: { change: { now_in_use: string[]; no_longer_in_use: string[] } }) => a.change)).toEqual([
      expect.objectContaining({ now_in_use: ['pause'] }),
      expect.objectContaining({ no_longer_in_use: ['pause'] }),
      expect.objectContaining({ now_in_use: ['pause'] }),
    ]);
    expect(all[2]).toMatchObject({
      watch_id: created.body.data.id,
      transaction: null,
      cause: expect.stringMatching(/^the chain reorganised: blocks after \d+ were replaced$/),
      after: { trading: 'closed', in_use: ['pause'] },
    });
    expect(await catchUp()).toMatchObject({ alerts: 0, blocks: 0 });
  });

  it('streams alerts as server-sent events, resuming after Last-Event-ID', async () => {
    await watch({ contract_address: POWERS().address }).expect(201);
    await catchUp();
    const { next_after } = await alerts();
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const abort = new AbortController();
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/watches/alerts/events`, {
        headers: { 'X-Service-API-Key': key, 'Last-Event-ID': next_after },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const hash = await ownerCalls('pause');
      await catchUp();
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
      const data = JSON.parse(/data: (.*)/.exec(text)![1]);
      expect(text).toMatch(/^event: alert$/m);
      expect(text).toMatch(new RegExp(`^id: ${data.data.id}$`, 'm'));
      expect(data).toMatchObject({ success: true, data: { transaction: hash, change: { now_in_use: ['pause'] } } });
    } finally {
      abort.abort();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("POSTs an alert to the watch's callback URL once, signed with the key's secret, as the stream carries it", async () => {
    const hook = await receiver([503]);
    const attempts = attemptsOf(second);
    try {
      const created = await second.http
        .post('/api/v1/watches')
        .set('X-Service-API-Key', key)
        .send({ contract_address: POWERS().address, callback_url: hook.url })
        .expect(201);
      expect(created.body.data.callback_url).toBe(hook.url);
      await catchUp(watcher(second));
      const firstTry = hook.next();
      const hash = await ownerCalls('pause');
      expect(await catchUp(watcher(second))).toMatchObject({ alerts: 1 });
      await firstTry;
      const delivered = await hook.next();
      await attempts.settled();
      const { body: listed } = await t.http.get('/api/v1/webhooks').set('X-Service-API-Key', key).expect(200);
      const sign = (body: string) =>
        `sha256=${createHmac('sha256', listed.data.signing_secret).update(body).digest('hex')}`;
      expect(delivered.headers['x-webhook-signature']).toBe(sign(delivered.body));
      expect(delivered.headers['x-webhook-event']).toBe('watch.alert');
      const payload = JSON.parse(delivered.body);
      expect(payload).toMatchObject({
        success: true,
        data: { watch_id: created.body.data.id, transaction: hash, change: { now_in_use: ['pause'] } },
      });
      expect(listed.data.deliveries[0]).toMatchObject({
        job_id: null,
        alert_id: payload.data.id,
        url: hook.url,
        status: 'delivered',
        attempts: 2,
      });
      expect(hook.got).toHaveLength(2);
    } finally {
      await hook.close();
    }
  });

  it("on surface B, in B's flat envelope: the watch, its alerts and the alert's webhook", async () => {
    const hook = await receiver();
    try {
      const bearer = `Bearer ${key}`;
      const created = await second.http
        .post('/scanner/api/v1/watches')
        .set('Authorization', bearer)
        .send({ contract_address: POWERS().address, callback_url: hook.url })
        .expect(201);
      expect(created.body).toMatchObject({
        success: true,
        contract_address: POWERS().address.toLowerCase(),
        chain: 'eth',
      });
      expect(created.body.data).toBeUndefined();
      const listed = await t.http.get('/scanner/api/v1/watches').set('Authorization', bearer).expect(200);
      expect(listed.body).toMatchObject({ success: true, count: 1, watches: [{ id: created.body.id }] });
      await catchUp(watcher(second));
      const { next_after } = (
        await t.http.get('/scanner/api/v1/watches/alerts').set('Authorization', bearer).expect(200)
      ).body;
      const delivered = hook.next();
      const hash = await ownerCalls('pause');
      expect(await catchUp(watcher(second))).toMatchObject({ alerts: 1 });
      const { body } = await t.http
        .get(`/scanner/api/v1/watches/alerts?after=${next_after}`)
        .set('Authorization', bearer)
        .expect(200);
      expect(body).toMatchObject({ success: true, alerts: [{ watch_id: created.body.id, transaction: hash }] });
      const payload = JSON.parse((await delivered).body);
      expect(payload).toMatchObject({
        success: true,
        watch_id: created.body.id,
        transaction: hash,
        change: { now_in_use: ['pause'] },
      });
      expect(payload.data).toBeUndefined();
      await t.http.delete(`/scanner/api/v1/watches/${created.body.id}`).set('Authorization', bearer).expect(200);
    } finally {
      await hook.close();
    }
  });

  it("on surface C, as bare objects: the watch (by symbol), its alerts, the tier's limit (WATCH_LIMIT_REACHED)", async () => {
    const signedUp = await t.http
      .post('/v1/auth/signup')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'watcher@example.com' })
      .expect(201);
    const bearer = `Bearer ${signedUp.body.api_key}`;
    expect(signedUp.body).toMatchObject({ tier: 'free', watch_limit: 3 });
    const post = (body: Record<string, unknown>) => t.http.post('/v1/watches').set('Authorization', bearer).send(body);
    const created = await post({ token: POWERS().symbol }).expect(201);
    expect(created.headers['x-tier']).toBe('free');
    expect(created.body).toMatchObject({ contract_address: POWERS().address.toLowerCase(), chain: 'eth' });
    expect(created.body.success).toBeUndefined();
    const listed = await t.http.get('/v1/watches').set('Authorization', bearer).expect(200);
    expect(listed.body).toMatchObject({ count: 1, limit: 3, watches: [{ id: created.body.id }] });
    await catchUp();
    const { next_after } = (await t.http.get('/v1/watches/alerts').set('Authorization', bearer).expect(200)).body;
    const hash = await ownerCalls('pause');
    expect(await catchUp()).toMatchObject({ alerts: 1 });
    const { body } = await t.http
      .get(`/v1/watches/alerts?after=${next_after}`)
      .set('Authorization', bearer)
      .expect(200);
    expect(body.alerts).toHaveLength(1);
    expect(body.alerts[0]).toMatchObject({
      watch_id: created.body.id,
      transaction: hash,
      change: { now_in_use: ['pause'] },
    });
    expect(body.next_after).toBe(body.alerts[0].id);

    const bad = await post({ token: 'not an address!' }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_ADDRESS', details: { field: 'token' } });
    await post({ token: m.tokens.clean.address }).expect(201);
    await post({ token: m.tokens.taxed.address }).expect(201);
    const limited = await post({ token: m.tokens.honeypot.address }).expect(403);
    expect(limited.body.error).toMatchObject({
      code: 'WATCH_LIMIT_REACHED',
      hint: expect.any(String),
      details: { tier: 'free', limit: 3 },
    });
    await t.http.get(`/v1/watches/${created.body.id}`).set('Authorization', bearer).expect(200);
    const deleted = await t.http.delete(`/v1/watches/${created.body.id}`).set('Authorization', bearer).expect(200);
    expect(deleted.body).toEqual({ id: created.body.id, deleted: true });
    const gone = await t.http.get(`/v1/watches/${created.body.id}`).set('Authorization', bearer).expect(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses bad input in the envelope and creates nothing', async () => {
    const count = async () => Number((await sql<{ n: string }>(t, 'SELECT count(*) AS n FROM watches'))[0].n);
    const random = `0x${randomBytes(20).toString('hex')}`;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ contract_address: 'nope' }, 400],
      [{ contract_address: POWERS().address, chain: 'solana' }, 400],
      [{ contract_address: random }, 404],
      [{ contract_address: m.contracts.UniswapV2Router02 }, 404],
      [{ contract_address: POWERS().address, callback_url: 'http://127.0.0.1:9/hook' }, 400],
      [{ contract_address: POWERS().address, callback_url: 42 }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await watch(body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body.success).toBe(false);
    }
    expect(await count()).toBe(0);

    await watch({ contract_address: POWERS().address }).expect(201);
    const again = await watch({ contract_address: POWERS().address }).expect(409);
    expect(again.body.error.details).toMatchObject({ watch_id: expect.any(String) });

    // A test key watches one token at most.
    const { ApiKeyService } = await import('../src/accounts/api-key.service');
    const testKey = (await t.app.get(ApiKeyService).issueTestKey(`0x${randomBytes(20).toString('hex')}`)).apiKey;
    await watch({ contract_address: POWERS().address }, testKey).expect(201);
    const limited = await watch({ contract_address: m.tokens.clean.address }, testKey).expect(403);
    expect(limited.body.error.message).toMatch(/at most 1 token/);
    expect(await count()).toBe(2);

    for (const id of ['nope', '00000000-0000-4000-8000-000000000000'])
      await t.http.delete(`/api/v1/watches/${id}`).set('X-Service-API-Key', key).expect(404);
    await t.http.get('/api/v1/watches/alerts?after=x').set('X-Service-API-Key', key).expect(400);
    const quota = (
      await sql<{ q: number }>(t, 'SELECT quota_remaining AS q FROM api_keys WHERE key_hash = $1', [sha256(testKey)])
    )[0].q;
    // The test key's one watch took one scan; the refused one gave its call back.
    expect(quota).toBe(9);
  });
});
