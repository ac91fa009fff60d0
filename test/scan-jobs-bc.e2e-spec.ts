import { createHmac } from 'node:crypto';
import { readManifest } from '../devnet';
import { attemptsOf, JOB_ID, receiver, streamOf, type Received } from './support/jobs';
import { keyOfPlan, nextIp, sha256, sql } from './support/keys';
import { ROOMY_UPSTREAMS } from './support/scanning-app';
import { bootTestApp, TestApp } from './support/test-app';

const manifest = readManifest();
const CLEAN = manifest.tokens.clean.address;
const EOA = manifest.wallets.find((w) => w.name === 'payer1')!.address;
const B = '/scanner/api/v1';

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const signWith = (secret: string) => (body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('Scan jobs on surfaces B and C', () => {
  let t: TestApp;
  const jobCount = async () => (await sql<{ n: number }>(t, 'SELECT count(*)::int AS n FROM scan_jobs'))[0].n;

  beforeAll(async () => {
    t = await bootTestApp({
      env: { ...ROOMY_UPSTREAMS, PROCESS_ROLE: 'all', JOB_POLL_SECONDS: '0.5', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
  });
  afterAll(() => t.close());

  describe(`surface B (${B})`, () => {
    let key: string;
    const post = (path: string, body: object, headers: Record<string, string> = {}) =>
      t.http.post(`${B}/token/${path}`).set(bearer(key)).set(headers).send(body);
    const get = (path: string, k = key) => t.http.get(path).set(bearer(k));

    beforeAll(async () => {
      key = await keyOfPlan(t, 'starter');
    });

    it("POST /token/analyze with Prefer: respond-async answers 202 with the job in B's envelope (flat success), named by its job_id; its events end done and its result is the synchronous answer", async () => {
      const accepted = await post('analyze', { contract_address: CLEAN }, { Prefer: 'respond-async' });
      expect(accepted.status).toBe(202);
      expect(accepted.body.job_id).toMatch(JOB_ID);
      expect(accepted.headers.location).toBe(`${B}/jobs/${accepted.body.job_id}`);
      expect(accepted.body).not.toHaveProperty('data');
      expect(accepted.body).toMatchObject({
        success: true,
        status: 'queued',
        chain: 'eth',
        chain_id: 31337,
        contract_address: CLEAN,
        status_url: `${B}/jobs/${accepted.body.job_id}`,
        events_url: `${B}/jobs/${accepted.body.job_id}/events`,
        callback_url: null,
      });
      expect(Object.values(accepted.body.progress)).toEqual(Array(6).fill('pending'));
      expect(accepted.body).not.toHaveProperty('result');

      const events = await streamOf(t, `${B}/jobs/${accepted.body.job_id}/events`, bearer(key));
      expect(events.at(-1)!.event).toBe('done');
      for (const e of events) expect(e.data).toMatchObject({ success: true, job_id: accepted.body.job_id });
      expect(events.map((e) => e.data.status)).toEqual(events.map((e) => e.event));

      const status = await get(`${B}/jobs/${accepted.body.job_id}`).expect(200);
      expect(status.body).toMatchObject({ success: true, job_id: accepted.body.job_id, status: 'done', attempts: 1 });
      expect(status.body.result).toEqual(events.at(-1)!.data.result);
      expect(status.body).not.toHaveProperty('error');
      const sync = await post('analyze', { contract_address: CLEAN }).expect(200);
      expect(status.body.result).toMatchObject({
        success: true,
        service_score: sync.body.service_score,
        grade_summary: sync.body.grade_summary,
      });
      expect(status.body.result.analysis_details.token_data).toEqual(sync.body.analysis_details.token_data);
      expect(status.body.result.analysis_details.security_analysis).toEqual(
        sync.body.analysis_details.security_analysis,
      );
    });

    it("presents a job of another endpoint (security-only, async: true) as that endpoint's answer, over the sections it scans", async () => {
      const accepted = await post('security-only', { contract_address: CLEAN, async: true }).expect(202);
      expect(Object.keys(accepted.body.progress)).toEqual(['security']);
      expect((await streamOf(t, accepted.body.events_url, bearer(key))).at(-1)!.event).toBe('done');
      const status = await get(accepted.body.status_url).expect(200);
      const sync = await post('security-only', { contract_address: CLEAN }).expect(200);
      expect(Object.keys(status.body.result).sort()).toEqual(Object.keys(sync.body).sort());
      expect(status.body.result).toMatchObject({
        security_score: sync.body.security_score,
        security_grade: sync.body.security_grade,
        token_info: sync.body.token_info,
      });
    });

    it('takes one quota call per accepted job; reading the job, its events and the webhooks takes none', async () => {
      const quota = async () =>
        (
          await sql<{ q: number | null }>(t, 'SELECT quota_remaining AS q FROM api_keys WHERE key_hash = $1', [
            sha256(key),
          ])
        )[0].q;
      const before = await quota();
      expect(before).toEqual(expect.any(Number));
      const accepted = await post('service-scores', { contract_address: CLEAN, async: true }).expect(202);
      expect(await quota()).toBe(before! - 1);
      await streamOf(t, accepted.body.events_url, bearer(key));
      await get(accepted.body.status_url).expect(200);
      await get(`${B}/webhooks`).expect(200);
      expect(await quota()).toBe(before! - 1);
    });

    it("fails a job whose address is not a token with the synchronous call's error, in B's envelope", async () => {
      const accepted = await post('analyze', { contract_address: EOA, async: true }).expect(202);
      expect((await streamOf(t, accepted.body.events_url, bearer(key))).at(-1)!.event).toBe('failed');
      const status = await get(accepted.body.status_url).expect(200);
      const sync = await post('analyze', { contract_address: EOA }).expect(404);
      expect(sync.body).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
      // The job answered (success: true); the scan it ran failed, with the synchronous call's error envelope.
      expect(status.body).toMatchObject({ success: true, status: 'failed', error: sync.body });
      expect(status.body).not.toHaveProperty('result');
    });

    it("shows a job only to its key (404 in B's envelope), and refuses a bad callback_url before making one", async () => {
      const accepted = await post('analyze', { contract_address: CLEAN, async: true }).expect(202);
      const other = await keyOfPlan(t, 'starter');
      const stranger = await get(accepted.body.status_url, other).expect(404);
      expect(stranger.body).toEqual({ success: false, error: 'not_found', message: 'No such job for this key' });
      await get(accepted.body.events_url, other).expect(404);
      await get(`${B}/jobs/not-a-job`).expect(404);
      await t.http.get(accepted.body.status_url).expect(401);

      const before = await jobCount();
      const bad = await post('analyze', { contract_address: CLEAN, callback_url: 'ftp://example.com/x' }).expect(400);
      expect(bad.body).toMatchObject({ success: false, details: { field: 'callback_url' } });
      expect(await jobCount()).toBe(before);
    });

    it("POSTs the finished job to the callback URL, in B's envelope as GET answers it, signed with the key's secret", async () => {
      const hook = await receiver();
      const attempts = attemptsOf(t);
      try {
        const arrived = hook.next();
        const accepted = await post('analyze', { contract_address: CLEAN, callback_url: hook.url }).expect(202);
        expect(accepted.body.callback_url).toBe(hook.url);
        const delivered: Received = await arrived;
        const { body: hooks } = await get(`${B}/webhooks`).expect(200);
        expect(hooks).toMatchObject({ success: true, signature_header: 'X-Webhook-Signature' });
        expect(hooks).not.toHaveProperty('data');
        expect(hooks.signing_secret).toMatch(/^[0-9a-f]{64}$/);
        const sign = signWith(hooks.signing_secret);
        expect(delivered.headers['x-webhook-signature']).toBe(sign(delivered.body));
        expect(delivered.headers['x-webhook-signature']).not.toBe(sign(delivered.body.replace('"done"', '"failed"')));
        expect(delivered.headers['x-webhook-event']).toBe('scan.done');
        const payload = JSON.parse(delivered.body);
        expect(payload).toMatchObject({
          success: true,
          job_id: accepted.body.job_id,
          status: 'done',
          status_url: `${B}/jobs/${accepted.body.job_id}`,
          result: { success: true, service_score: expect.any(Number) },
        });
        const status = await get(`${B}/jobs/${accepted.body.job_id}`).expect(200);
        expect(Object.keys(payload).sort()).toEqual(Object.keys(status.body).sort());
        expect(payload.result).toEqual(status.body.result);
        expect(payload.result.analysis_details.token_data.symbol).toBe(manifest.tokens.clean.symbol);
        await attempts.settled();
        const listed = (await get(`${B}/webhooks`).expect(200)).body.deliveries.find(
          (d: { job_id: string }) => d.job_id === accepted.body.job_id,
        );
        expect(listed).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200, url: hook.url });
      } finally {
        await hook.close();
      }
    });
  });

  describe('surface C (/v1)', () => {
    let key: string;
    const get = (path: string, headers: Record<string, string> = {}, k = key) =>
      t.http.get(path).set(bearer(k)).set(headers);
    const signup = async () =>
      (
        await t.http
          .post('/v1/auth/signup')
          .set('X-Forwarded-For', nextIp())
          .send({ email: 'jobs@example.com' })
          .expect(201)
      ).body.api_key as string;
    const async = { Prefer: 'respond-async' };

    beforeAll(async () => {
      key = await signup();
    });

    it('GET /v1/analyze/token/{symbol} with Prefer: respond-async answers 202 with the job of the resolved address; its result is the synchronous answer', async () => {
      const accepted = await get(`/v1/analyze/token/${manifest.tokens.clean.symbol}`, async);
      expect(accepted.status).toBe(202);
      expect(accepted.body.job_id).toMatch(JOB_ID);
      expect(accepted.headers.location).toBe(`/v1/jobs/${accepted.body.job_id}`);
      expect(accepted.headers['preference-applied']).toBe('respond-async');
      // C's answers are bare objects: no success flag, no data wrapper.
      expect(accepted.body).not.toHaveProperty('success');
      expect(accepted.body).not.toHaveProperty('data');
      expect(accepted.body).toMatchObject({
        status: 'queued',
        chain: 'eth',
        contract_address: CLEAN,
        status_url: `/v1/jobs/${accepted.body.job_id}`,
        events_url: `/v1/jobs/${accepted.body.job_id}/events`,
      });

      const events = await streamOf(t, `/v1/jobs/${accepted.body.job_id}/events`, bearer(key));
      expect(events.at(-1)!.event).toBe('done');
      for (const e of events) expect(e.data).toMatchObject({ job_id: accepted.body.job_id, status: e.event });
      const status = await get(`/v1/jobs/${accepted.body.job_id}`).expect(200);
      expect(status.body).toMatchObject({ job_id: accepted.body.job_id, status: 'done' });
      expect(status.body).not.toHaveProperty('success');
      const sync = await get(`/v1/analyze/token/${manifest.tokens.clean.symbol}`).expect(200);
      expect(status.body.result).toMatchObject({
        address: sync.body.address,
        symbol: sync.body.symbol,
        resolved_from: manifest.tokens.clean.symbol,
        score: sync.body.score,
        security: { score: sync.body.security.score, risk: sync.body.security.risk },
      });
      expect(Object.keys(status.body.result).sort()).toEqual(Object.keys(sync.body).sort());
    });

    it('takes one daily call per accepted job; reading the job takes none', async () => {
      const k = await signup();
      const first = await get(`/v1/analyze/token/${CLEAN}`, async, k).expect(202);
      const remaining = Number(first.headers['x-dailylimit-remaining']);
      await streamOf(t, first.body.events_url, bearer(k));
      await get(first.body.status_url, {}, k).expect(200);
      await get('/v1/webhooks', {}, k).expect(200);
      const next = await get(`/v1/analyze/token/${CLEAN}`, {}, k).expect(200);
      expect(Number(next.headers['x-dailylimit-remaining'])).toBe(remaining - 1);
    });

    it('resolves the symbol before the 202: an unknown symbol or a bad address is refused at once, and no job is made', async () => {
      const before = await jobCount();
      const unknown = await get('/v1/analyze/token/NOPE', async).expect(404);
      expect(unknown.body.error.code).toBe('NOT_FOUND');
      const bad = await get('/v1/analyze/contract/0x123', async).expect(400);
      expect(bad.body.error.code).toBe('INVALID_ADDRESS');
      const badHook = await get(
        `/v1/analyze/token/${CLEAN}?callback_url=${encodeURIComponent('http://user:pw@example.com/x')}`,
      ).expect(400);
      expect(badHook.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'callback_url' } });
      expect(await jobCount()).toBe(before);
    });

    it("fails a job whose address is not a token with the synchronous call's error, in C's envelope", async () => {
      const accepted = await get(`/v1/analyze/token/${EOA}`, async).expect(202);
      expect((await streamOf(t, accepted.body.events_url, bearer(key))).at(-1)!.event).toBe('failed');
      const status = await get(accepted.body.status_url).expect(200);
      const sync = await get(`/v1/analyze/token/${EOA}`).expect(404);
      expect(sync.body.error).toMatchObject({
        code: 'NOT_FOUND',
        message: expect.any(String),
        hint: expect.any(String),
      });
      expect(status.body).toMatchObject({ status: 'failed', error: sync.body });
    });

    it("shows a job only to its key (404 in C's envelope)", async () => {
      const accepted = await get(`/v1/analyze/contract/${CLEAN}`, async).expect(202);
      const other = await signup();
      const stranger = await get(accepted.body.status_url, {}, other).expect(404);
      expect(stranger.body).toEqual({
        error: { code: 'NOT_FOUND', message: 'No such job for this key', hint: expect.any(String) },
      });
      await get(accepted.body.events_url, {}, other).expect(404);
      await t.http.get(accepted.body.status_url).expect(401);
    });

    it("GET /v1/analyze/contract/{address}?callback_url=… POSTs the finished job there, C's contract body signed with the key's secret", async () => {
      const hook = await receiver();
      try {
        const arrived = hook.next();
        const accepted = await get(`/v1/analyze/contract/${CLEAN}?callback_url=${encodeURIComponent(hook.url)}`).expect(
          202,
        );
        expect(Object.keys(accepted.body.progress)).toEqual(['security']);
        const delivered = await arrived;
        const { body: hooks } = await get('/v1/webhooks').expect(200);
        expect(delivered.headers['x-webhook-signature']).toBe(signWith(hooks.signing_secret)(delivered.body));
        const payload = JSON.parse(delivered.body);
        const sync = await get(`/v1/analyze/contract/${CLEAN}`).expect(200);
        expect(payload).toMatchObject({
          job_id: accepted.body.job_id,
          status: 'done',
          status_url: `/v1/jobs/${accepted.body.job_id}`,
        });
        expect(payload.result).toMatchObject({
          address: sync.body.address,
          security_score: sync.body.security_score,
          grade: sync.body.grade,
          functions: sync.body.functions,
        });
        expect(hooks.deliveries.find((d: { job_id: string }) => d.job_id === accepted.body.job_id)).toMatchObject({
          url: hook.url,
        });
      } finally {
        await hook.close();
      }
    });
  });
});
