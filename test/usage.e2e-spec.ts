import { Gate, LimitsFixtureModule } from './fixtures/limits-fixture.module';
import { flushCalls, freeKey, keyOfPlan, sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

/** Resolves once the condition holds, checking between I/O turns; fails after 15 s of wall time. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('Usage, limits and live figures on surface B', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ extraModules: [LimitsFixtureModule] });
  });
  afterAll(() => t.close());

  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  it('GET /user/stats counts from the daily rollups of the call history, raw days dropped or not', async () => {
    const key = await freeKey(t);
    for (let i = 0; i < 3; i++) await t.http.post('/scanner/api/v1/__limits/scan').set(bearer(key)).expect(200);
    await t.http.get('/scanner/api/v1/user/recent-calls').set(bearer(key)).expect(200);
    // A call of yesterday and one of last month, written straight into the history.
    const [{ id }] = await sql<{ id: string }>(t, 'SELECT id FROM api_keys WHERE key_prefix = $1', [key.slice(0, 11)]);
    await sql(
      t,
      `INSERT INTO api_calls (key_id, surface, method, endpoint, status, latency_ms, created_at)
                  VALUES ($1, 'B', 'POST', '/x', 200, 5, now() - interval '1 day'), ($1, 'B', 'POST', '/x', 200, 5, now() - interval '40 days')`,
      [id],
    );
    // The counts come from the daily rollups: they stay when every raw day is dropped (retention).
    await flushCalls(t);
    await sql(t, 'SELECT api_calls_drop_days_before(current_date + 2)');
    expect(await sql(t, 'SELECT id FROM api_calls WHERE key_id = $1', [id])).toEqual([]);
    const res = await t.http.get('/scanner/api/v1/user/stats').set(bearer(key)).expect(200);
    const startOfMonthToday = new Date().getUTCDate() === 1;
    expect(res.body).toEqual({
      success: true,
      stats: {
        total_calls: 6,
        calls_today: 4,
        calls_this_month: startOfMonthToday ? 4 : 5,
        remaining_quota: 10_000 - 3,
        plan: 'free',
        quota_reset_date: expect.any(String),
        calls_by_day: expect.any(Array),
      },
    });
    expect(Math.round((Date.parse(res.body.stats.quota_reset_date) - Date.now()) / 86_400_000)).toBeGreaterThanOrEqual(
      28,
    );
    // The last 30 UTC days, oldest first, with the empty ones: today's 4 calls, yesterday's one; last month's is older.
    const days: Array<{ day: string; calls: number }> = res.body.stats.calls_by_day;
    const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe(utcDay(29));
    expect(days.slice(-2)).toEqual([
      { day: utcDay(1), calls: 1 },
      { day: utcDay(0), calls: 4 },
    ]);
    expect(days.reduce((sum, d) => sum + d.calls, 0)).toBe(5);
  });

  it('GET /user/recent-calls shows only the caller’s calls, newest first, with limit 1–50', async () => {
    const mine = await freeKey(t);
    const other = await freeKey(t);
    for (let i = 0; i < 12; i++) await t.http.post('/scanner/api/v1/__limits/scan').set(bearer(mine)).expect(200);
    await t.http.post('/scanner/api/v1/__limits/scan').set(bearer(other)).expect(200);
    await t.http.post('/scanner/api/v1/__limits/scan').set(bearer(mine)).send({ contract_address: 'junk' }).expect(200);

    const byDefault = await t.http.get('/scanner/api/v1/user/recent-calls').set(bearer(mine)).expect(200);
    expect(byDefault.body.calls).toHaveLength(10);
    expect(byDefault.body.calls[0]).toEqual({
      timestamp: expect.any(String),
      method: 'POST',
      endpoint: '/scanner/api/v1/__limits/scan',
      status: 200,
      latency_ms: expect.any(Number),
    });
    const three = await t.http.get('/scanner/api/v1/user/recent-calls?limit=3').set(bearer(mine)).expect(200);
    expect(three.body.calls).toHaveLength(3);
    const all = await t.http.get('/scanner/api/v1/user/recent-calls?limit=50').set(bearer(other)).expect(200);
    expect(all.body.calls).toHaveLength(1);

    for (const bad of ['0', '51', '-1', 'abc', '2.5']) {
      const res = await t.http.get(`/scanner/api/v1/user/recent-calls?limit=${bad}`).set(bearer(mine)).expect(400);
      expect(res.body).toMatchObject({ success: false, error: 'invalid_request', details: { field: 'limit' } });
    }
  });

  it('Low-class endpoints allow 30 calls a minute per key', async () => {
    const key = await freeKey(t);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await t.http.get('/scanner/api/v1/user/stats').set(bearer(key))).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('records a call whose client went away before the answer as 499, so the history matches the quota it took', async () => {
    const key = await freeKey(t);
    const [{ id }] = await sql<{ id: string }>(t, 'SELECT id FROM api_keys WHERE key_prefix = $1', [key.slice(0, 11)]);
    Gate.close();
    const call = t.http.get('/scanner/api/v1/__limits/slow').set(bearer(key));
    const settled = call.then(
      () => 'answered',
      () => 'aborted',
    );
    try {
      await until(() => Gate.inFlight === 1);
      call.abort();
      expect(await settled).toBe('aborted');
      let rows: Array<{ status: number }> = [];
      for (let i = 0; i < 300 && rows.length === 0; i++) {
        await flushCalls(t);
        rows = await sql<{ status: number }>(t, 'SELECT status FROM api_calls WHERE key_id = $1', [id]);
      }
      expect(rows).toEqual([{ status: 499 }]);
    } finally {
      Gate.open();
    }
    const [{ quota_remaining }] = await sql<{ quota_remaining: number }>(
      t,
      'SELECT quota_remaining FROM api_keys WHERE id = $1',
      [id],
    );
    expect(quota_remaining).toBe(10_000 - 1);
    const stats = await t.http.get('/scanner/api/v1/user/stats').set(bearer(key)).expect(200);
    expect(stats.body.stats).toMatchObject({ calls_today: 1, remaining_quota: 10_000 - 1 });
  });

  it('holds the global bound of 50 concurrent calls under 80 parallel slow calls', async () => {
    const key = await keyOfPlan(t, 'team');
    const before = (await t.http.get('/scanner/api/v1/system/rate-limits')).body.rate_limits.global_stats
      .requests_this_minute;
    Gate.close();
    const responses: Array<{ status: number; body: Record<string, unknown>; headers: Record<string, string> }> = [];
    const calls = Array.from({ length: 80 }, () =>
      t.http
        .get('/scanner/api/v1/__limits/slow')
        .set(bearer(key))
        .then((r) => responses.push({ status: r.status, body: r.body, headers: r.headers })),
    );
    try {
      // Wait until every call is either held at the gate or answered: 50 in flight, 30 refused.
      await until(() => Gate.inFlight + responses.length === 80);
      expect(Gate.inFlight).toBe(50);
      expect(responses).toHaveLength(30);
      const live = await t.http.get('/scanner/api/v1/system/rate-limits').expect(200);
      // Refused calls gave back their share of the per-minute budget.
      expect(live.body.rate_limits.global_stats).toEqual({
        current_concurrent: 50,
        requests_this_minute: before + 50,
        max_concurrent_requests: 50,
      });
    } finally {
      Gate.open();
    }
    await Promise.all(calls);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(50);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(30);
    expect(refused[0].body).toEqual({
      success: false,
      error: 'rate_limited',
      provider: 'api',
      reason: 'Service busy: at most 50 concurrent requests',
      retry_after: 1,
    });
    expect(refused[0].headers['retry-after']).toBe('1');
    // Refused calls took no quota.
    await flushCalls(t);
    const [row] = await sql<{ quota_remaining: number }>(
      t,
      'SELECT quota_remaining FROM api_keys WHERE key_prefix = $1',
      [key.slice(0, 11)],
    );
    expect(row.quota_remaining).toBe(1_500_000 - 50);
  });

  it('GET /system/rate-limits reports live figures, per-upstream usage and guidelines', async () => {
    const res = await t.http.get('/scanner/api/v1/system/rate-limits').expect(200);
    const usage = {
      requests_today: expect.any(Number),
      daily_limit: expect.any(Number),
      remaining_daily: expect.any(Number),
      rate_limit_hits: expect.any(Number),
      status: expect.any(String),
    };
    expect(res.body).toEqual({
      status: 'success',
      rate_limits: {
        global_stats: { current_concurrent: 0, requests_this_minute: expect.any(Number), max_concurrent_requests: 50 },
        api_usage: {
          audit_provider: usage,
          scanner_provider: usage,
          market_data: usage,
          block_explorer: usage,
          social_data: usage,
          llm: usage,
          chain_rpc: usage,
        },
      },
      recommendations: expect.any(Array),
      integrator_guidelines: {
        max_concurrent_requests: 10,
        requests_per_minute: expect.any(Number),
        retry_delay_seconds: expect.any(Number),
        batch_size: 50,
      },
    });
  });

  it('records every authenticated call with route template, status and latency — including refused ones', async () => {
    const key = await freeKey(t);
    await t.http
      .post('/scanner/api/v1/__limits/scan')
      .set(bearer(key))
      .send({ contract_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', chain: 'bsc' })
      .expect(200);
    await flushCalls(t);
    const rows = await sql(
      t,
      'SELECT c.surface, c.method, c.endpoint, c.status, c.chain, c.address FROM api_calls c JOIN api_keys k ON k.id = c.key_id WHERE k.key_prefix = $1',
      [key.slice(0, 11)],
    );
    expect(rows).toEqual([
      {
        surface: 'B',
        method: 'POST',
        endpoint: '/scanner/api/v1/__limits/scan',
        status: 200,
        chain: 'bsc',
        address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      },
    ]);
    const perKey = await sql(t, 'SELECT calls FROM daily_usage_per_key WHERE key_prefix = $1', [key.slice(0, 11)]);
    expect(perKey).toEqual([{ calls: '1' }]);
  });
});
