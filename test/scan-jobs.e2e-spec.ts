import { createHmac } from 'node:crypto';
import { Client } from 'pg';
import { readManifest } from '../devnet';
import { attemptsOf, JOB_ID, receiver, streamOf as streamWith } from './support/jobs';
import { freeKey, sha256, sql } from './support/keys';
import { ROOMY_UPSTREAMS } from './support/scanning-app';
import { bootTestApp, TestApp } from './support/test-app';
import { HolderRepository } from '../src/analysis/holders/holder.repository';

const streamOf = (t: TestApp, path: string, key: string) => streamWith(t, path, { 'X-Service-API-Key': key });

const manifest = readManifest();
const CLEAN = manifest.tokens.clean.address;
const EOA = manifest.wallets.find((w) => w.name === 'payer1')!.address;

describe('Scan jobs on surface A: Prefer: respond-async, status, events, webhooks', () => {
  let t: TestApp;
  let key: string;
  const scan = (body: object, headers: Record<string, string> = {}) =>
    t.http.post('/api/v1/token/scan').set('X-Service-API-Key', key).set(headers).send(body);

  beforeAll(async () => {
    t = await bootTestApp({
      env: { ...ROOMY_UPSTREAMS, PROCESS_ROLE: 'all', JOB_POLL_SECONDS: '0.5', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    key = await freeKey(t);
  });
  afterAll(() => t.close());

  it("answers 202 with the job at once in A's envelope, named by its job_id; its events and status (same envelope) end with the report the synchronous call gives", async () => {
    const accepted = await scan({ contract_address: CLEAN, cache_ttl: 0 }, { Prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    expect(Object.keys(accepted.body).sort()).toEqual(['data', 'success']);
    expect(accepted.body.success).toBe(true);
    const job = accepted.body.data;
    expect(job.job_id).toMatch(JOB_ID);
    expect(accepted.headers.location).toBe(`/api/v1/jobs/${job.job_id}`);
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    expect(job).toMatchObject({
      status: 'queued',
      chain: 'eth',
      chain_id: 31337,
      contract_address: CLEAN,
      attempts: 0,
      status_url: `/api/v1/jobs/${job.job_id}`,
      events_url: `/api/v1/jobs/${job.job_id}/events`,
      callback_url: null,
    });
    expect(job).not.toHaveProperty('result');
    expect(job).not.toHaveProperty('error');
    expect(Object.values(job.progress)).toEqual(Array(6).fill('pending'));

    const events = await streamOf(t, `/api/v1/jobs/${job.job_id}/events`, key);
    expect(events.at(-1)!.event).toBe('done');
    expect(events.map((e) => e.event).filter((e) => !['queued', 'running', 'done'].includes(e))).toEqual([]);
    for (const e of events) expect(e.data).toMatchObject({ success: true, data: { job_id: job.job_id } });
    expect(events.map((e) => e.data.data.status)).toEqual(events.map((e) => e.event));
    const done = events.at(-1)!.data.data;
    expect(Object.values(done.progress)).toEqual(Array(6).fill('done'));

    const status = await t.http.get(`/api/v1/jobs/${job.job_id}`).set('X-Service-API-Key', key).expect(200);
    expect(Object.keys(status.body).sort()).toEqual(['data', 'success']);
    expect(status.body).toMatchObject({ success: true, data: { job_id: job.job_id, status: 'done', attempts: 1 } });
    expect(status.body.data).not.toHaveProperty('error');
    expect(status.body.data.finished_at).not.toBeNull();
    expect(status.body.data.result).toEqual(done.result);
    const sync = await scan({ contract_address: CLEAN }).expect(200);
    expect(status.body.data.result.success).toBe(true);
    expect(status.body.data.result.data.token_info).toEqual(sync.body.data.token_info);
    expect(status.body.data.result.data.overall_score).toEqual(sync.body.data.overall_score);

    const metrics = (await t.http.get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^tas_job_duration_seconds_count\{queue="scan"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^tas_job_queue_depth\{queue="scan"\} \d+$/m);
  });

  it('takes one quota call per accepted job, like a synchronous scan', async () => {
    const [{ quota_remaining: before }] = await sql<{ quota_remaining: number }>(
      t,
      'SELECT quota_remaining FROM api_keys WHERE key_hash = $1',
      [sha256(key)],
    );
    await scan({ contract_address: CLEAN, async: true }).expect(202);
    const [{ quota_remaining: after }] = await sql<{ quota_remaining: number }>(
      t,
      'SELECT quota_remaining FROM api_keys WHERE key_hash = $1',
      [sha256(key)],
    );
    expect(after).toBe(before - 1);
  });

  it("fails a job whose address is not a token with the error the synchronous call gives, in A's envelope, and gives its quota call back", async () => {
    const remaining = async () =>
      (
        await sql<{ quota_remaining: number }>(t, 'SELECT quota_remaining FROM api_keys WHERE key_hash = $1', [
          sha256(key),
        ])
      )[0].quota_remaining;
    const before = await remaining();
    const accepted = await scan({ contract_address: EOA, async: true }).expect(202);
    const events = await streamOf(t, accepted.body.data.events_url, key);
    expect(events.at(-1)!.event).toBe('failed');
    const status = await t.http.get(accepted.body.data.status_url).set('X-Service-API-Key', key).expect(200);
    expect(await remaining()).toBe(before);
    const sync = await scan({ contract_address: EOA }).expect(404);
    expect(sync.body).toMatchObject({ success: false, error: { code: 404, type: 'not_found_error' } });
    // The job answered (200, success: true); the scan it ran failed, with the synchronous call's error envelope.
    expect(status.body).toMatchObject({ success: true, data: { status: 'failed', error: sync.body } });
    expect(events.at(-1)!.data).toEqual(status.body);
    expect(status.body.data).not.toHaveProperty('result');
  });

  it('shows a job only to the key that made it, and refuses what is not a job id', async () => {
    const { job_id: id } = (await scan({ contract_address: CLEAN, async: true }).expect(202)).body.data;
    const other = await freeKey(t);
    const stranger = await t.http.get(`/api/v1/jobs/${id}`).set('X-Service-API-Key', other).expect(404);
    expect(stranger.body).toMatchObject({
      success: false,
      error: { code: 404, type: 'not_found_error', message: 'No such job for this key' },
    });
    await t.http.get('/api/v1/jobs/not-a-job').set('X-Service-API-Key', key).expect(404);
    await t.http.get(`/api/v1/jobs/${id}/events`).set('X-Service-API-Key', other).expect(404);
    await t.http.get(`/api/v1/jobs/${id}`).expect(401);
  });

  it('refuses a callback URL that is not http(s) or carries credentials, and changes nothing', async () => {
    const [{ n: before }] = await sql<{ n: number }>(t, 'SELECT count(*)::int AS n FROM scan_jobs');
    for (const url of ['ftp://example.com/x', 'not a url', 'http://user:pw@example.com/hook']) {
      const res = await scan({ contract_address: CLEAN, callback_url: url }).expect(400);
      expect(res.body.error).toMatchObject({ type: 'validation_error', details: { field: 'callback_url' } });
    }
    await scan({ contract_address: CLEAN, callback_url: 42 }).expect(400);
    const [{ n: after }] = await sql<{ n: number }>(t, 'SELECT count(*)::int AS n FROM scan_jobs');
    expect(after).toBe(before);
  });

  it("POSTs the finished job to the callback URL once, in A's envelope as GET answers it, signed with the key's secret, retrying a refusal; a tampered body fails the check", async () => {
    const hook = await receiver([503]);
    const attempts = attemptsOf(t);
    try {
      const firstTry = hook.next();
      const accepted = await scan({ contract_address: CLEAN, callback_url: hook.url }).expect(202);
      const jobId = accepted.body.data.job_id;
      expect(accepted.body.data.callback_url).toBe(hook.url);
      await firstTry;
      const delivered = await hook.next();
      const { body: listed } = await t.http.get('/api/v1/webhooks').set('X-Service-API-Key', key).expect(200);
      expect(Object.keys(listed).sort()).toEqual(['data', 'success']);
      expect(listed.success).toBe(true);
      const hooks = listed.data;
      expect(hooks.signing_secret).toMatch(/^[0-9a-f]{64}$/);
      const sign = (body: string) => `sha256=${createHmac('sha256', hooks.signing_secret).update(body).digest('hex')}`;
      expect(delivered.headers['x-webhook-signature']).toBe(sign(delivered.body));
      expect(delivered.headers['x-webhook-signature']).not.toBe(sign(delivered.body.replace('"done"', '"failed"')));
      expect(delivered.headers['x-webhook-event']).toBe('scan.done');
      const payload = JSON.parse(delivered.body);
      expect(Object.keys(payload).sort()).toEqual(['data', 'success']);
      expect(payload).toMatchObject({
        success: true,
        data: {
          job_id: jobId,
          status: 'done',
          status_url: `/api/v1/jobs/${jobId}`,
          callback_url: hook.url,
          result: { success: true, data: { grade: expect.any(String) } },
        },
      });
      const status = await t.http.get(`/api/v1/jobs/${jobId}`).set('X-Service-API-Key', key).expect(200);
      expect(payload.data.result).toEqual(status.body.data.result);
      expect(hook.got).toHaveLength(2);
      await attempts.settled();
      const delivery = (
        await t.http.get('/api/v1/webhooks').set('X-Service-API-Key', key).expect(200)
      ).body.data.deliveries.find((d: { job_id: string }) => d.job_id === jobId);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200, url: hook.url });
      // Another key has its own secret.
      const other = await freeKey(t);
      const { body: theirs } = await t.http.get('/api/v1/webhooks').set('X-Service-API-Key', other).expect(200);
      expect(theirs.success).toBe(true);
      expect(theirs.data.signing_secret).not.toBe(hooks.signing_secret);
      expect(theirs.data.deliveries).toEqual([]);
    } finally {
      await hook.close();
    }
  });
});

/**
 * Runs `fn` while another indexer holds `token`'s holder index (its per-token lock), as a long first
 * index would: the index cannot finish before `fn` is answered.
 */
async function whileIndexHeld<T>(
  t: TestApp,
  token: string,
  fn: () => Promise<T>,
  lock: 'holders' | 'holders-run' = 'holders',
): Promise<T> {
  const indexer = new Client({ connectionString: t.db.url });
  await indexer.connect();
  await indexer.query('BEGIN');
  await indexer.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${lock}:eth:${token.toLowerCase()}`]);
  try {
    return await fn();
  } finally {
    await indexer.query('COMMIT');
    await indexer.end();
  }
}

describe('A synchronous scan past its deadline (SCAN_DEADLINE_MS)', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await bootTestApp({
      env: { ...ROOMY_UPSTREAMS, PROCESS_ROLE: 'all', JOB_POLL_SECONDS: '0.5', SCAN_DEADLINE_MS: '1' },
    });
    key = await freeKey(t);
  });
  afterAll(() => t.close());

  it('answers, while the holder index is still cold, with the security section and the holders pending in a job that answers the whole report; a later scan has it all', async () => {
    const res = await whileIndexHeld(t, CLEAN, () =>
      t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: CLEAN, cache_ttl: 0 })
        .expect(200),
    );
    const { data } = res.body;
    expect(data.analysis.security).toBeDefined();
    expect(data.grade).toMatch(/^(A\+|A|B|C|D|F)$/);
    expect(data.pending.sections).toContain('holder_analysis');
    // Links wait for the contract analysis (a verified source's comments count), so they cannot be done when security just is.
    expect(data.pending.sections).toContain('link_analysis');
    for (const section of data.pending.sections) expect(data.analysis).not.toHaveProperty(section);
    expect(data.pending.job_id).toMatch(JOB_ID);
    expect(data.pending.status_url).toBe(`/api/v1/jobs/${data.pending.job_id}`);
    expect(data.pending.events_url).toBe(`/api/v1/jobs/${data.pending.job_id}/events`);

    const events = await streamOf(t, data.pending.events_url, key);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ success: true, data: { job_id: data.pending.job_id, status: 'done' } });
    expect(Object.values(done.data.data.progress)).toEqual(Array(6).fill('done'));
    const whole = (done.data.data.result as { data: { analysis: Record<string, unknown> } }).data;
    expect(Object.keys(whole.analysis).sort()).toEqual([
      'holder_analysis',
      'link_analysis',
      'market',
      'security',
      'sniper_analysis',
      'wash_trading',
    ]);

    const later = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: CLEAN, include_metadata: true })
      .expect(200);
    expect(later.body.data).not.toHaveProperty('pending');
    expect(later.body.data.metadata.cache_status).toBe('CACHED');
    expect(Object.keys(later.body.data.analysis).sort()).toEqual([
      'holder_analysis',
      'link_analysis',
      'market',
      'security',
      'sniper_analysis',
      'wash_trading',
    ]);
  });

  it("does the same on B: analyze answers with its required sections (security, market), the holders pending with B's job link", async () => {
    const token = manifest.tokens.taxed.address;
    const res = await whileIndexHeld(t, token, () =>
      t.http
        .post('/scanner/api/v1/token/analyze')
        .set('Authorization', `Bearer ${key}`)
        .send({ contract_address: token })
        .expect(200),
    );
    expect(res.body.success).toBe(true);
    expect(res.body.pending.sections).toContain('holder_analysis');
    expect(res.body.pending.job_id).toMatch(JOB_ID);
    expect(res.body.pending.status_url).toBe(`/scanner/api/v1/jobs/${res.body.pending.job_id}`);
    const done = (await streamWith(t, res.body.pending.events_url, { Authorization: `Bearer ${key}` })).at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ success: true, job_id: res.body.pending.job_id, status: 'done' });
  });
});

describe('Past its deadline on an API-only process (PROCESS_ROLE=api), the holder index is left to a worker', () => {
  let api: TestApp;
  let worker: TestApp;
  let key: string;

  beforeAll(async () => {
    api = await bootTestApp({ env: { ...ROOMY_UPSTREAMS, PROCESS_ROLE: 'api', SCAN_DEADLINE_MS: '1' } });
    worker = await bootTestApp({
      databaseUrl: api.db.url,
      env: { ...ROOMY_UPSTREAMS, PROCESS_ROLE: 'worker', JOB_POLL_SECONDS: '0.5' },
    });
    key = await freeKey(api);
  });
  afterAll(async () => {
    await worker.app.close();
    await api.close();
  });

  it('answers with the holders pending; the API process writes no index batch, the worker indexes and the job has the whole report', async () => {
    // Counted, not replaced: the real repositories write as always.
    const apiBatches = jest.spyOn(api.app.get(HolderRepository), 'applyBatch');
    const workerBatches = jest.spyOn(worker.app.get(HolderRepository), 'applyBatch');
    const token = manifest.tokens.honeypot.address;
    // Another indexer's run holds the token (its run lock): the API process's run waits for it, so it is
    // still before its first batch when the answer goes out, and stops there.
    const res = await whileIndexHeld(
      api,
      token,
      () =>
        api.http
          .post('/api/v1/token/scan')
          .set('X-Service-API-Key', key)
          .send({ contract_address: token, cache_ttl: 0 })
          .expect(200),
      'holders-run',
    );
    expect(res.body.data.pending.sections).toContain('holder_analysis');

    const done = (await streamOf(api, res.body.data.pending.events_url, key)).at(-1)!;
    expect(done.event).toBe('done');
    const whole = (done.data.data.result as { data: { analysis: Record<string, unknown> } }).data;
    expect(whole.analysis).toHaveProperty('holder_analysis');
    expect(workerBatches).toHaveBeenCalled();
    expect(apiBatches).not.toHaveBeenCalled();
    // Nothing of the stopped analysis was cached as if it were whole: a later scan has the holders.
    const later = await api.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: token, include_metadata: true })
      .expect(200);
    expect(later.body.data).not.toHaveProperty('pending');
    expect(later.body.data.analysis).toHaveProperty('holder_analysis');
  });
});
