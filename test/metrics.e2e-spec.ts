import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readManifest } from '../devnet';
import { displayPrefix } from '../src/accounts/api-key';
import { keyOfPlan, nextIp } from './support/keys';
import { parsePrometheusText, sampleSum, type MetricFamily } from './support/prometheus-text';
import { ROOMY_UPSTREAMS } from './support/scanning-app';
import { bootTestApp, type TestApp } from './support/test-app';

const CLEAN = readManifest().tokens.clean.address;
const TOKEN = 'metrics-scrape-token-0123456789';

/** GET /metrics from a loopback client, parsed strictly (every line must be valid text format 0.0.4). */
async function scrape(
  t: TestApp,
  headers: Record<string, string> = {},
): Promise<{ text: string; families: Map<string, MetricFamily> }> {
  const res = await t.http.get('/metrics').set(headers).expect(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return { text: res.text, families: parsePrometheusText(res.text) };
}

describe('GET /metrics', () => {
  describe('on the defaults (no METRICS_TOKEN, no METRICS_PORT)', () => {
    let t: TestApp;
    let key: string;
    const lines: string[] = [];

    beforeAll(async () => {
      t = await bootTestApp({
        env: { ...ROOMY_UPSTREAMS, KEY_ISSUES_PER_IP_PER_HOUR: '1', LOG_LEVEL: 'info' },
        logStream: { write: (line: string) => void lines.push(line) },
      });
      key = await keyOfPlan(t, 'team');
    });
    afterAll(() => t.close());

    it('counts the requests of this test by route template, method and status, exactly', async () => {
      const before = (await scrape(t)).families;
      const validate = (k: string) => t.http.post('/api/v1/auth/validate').set('X-Service-API-Key', k);
      for (let i = 0; i < 3; i++) await validate(key).expect(200);
      for (let i = 0; i < 2; i++) await validate(`ta_${'b'.repeat(64)}`).expect(401);
      await t.http.get('/no/such/route').expect(404);
      const after = (await scrape(t)).families;
      const delta = (labels: Record<string, string>) =>
        sampleSum(after, 'tas_http_requests_total', labels) - sampleSum(before, 'tas_http_requests_total', labels);
      expect(delta({ route: '/api/v1/auth/validate', method: 'POST', status: '200' })).toBe(3);
      expect(delta({ route: '/api/v1/auth/validate', method: 'POST', status: '401' })).toBe(2);
      expect(delta({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
      expect(delta({ route: '/metrics', method: 'GET', status: '200' })).toBe(1);
      const latency = (m: Map<string, MetricFamily>) =>
        sampleSum(m, 'tas_http_request_duration_seconds_count', { route: '/api/v1/auth/validate', method: 'POST' });
      expect(latency(after) - latency(before)).toBe(5);
      // Route templates only: no raw path is ever a label value.
      const routes = new Set(after.get('tas_http_requests_total')!.samples.map((s) => s.labels.route));
      expect(routes.has('/no/such/route')).toBe(false);
    });

    it('counts a scan by section and outcome, its JSON-RPC calls by chain and method, and the cache hit of a repeat', async () => {
      const before = (await scrape(t)).families;
      const scan = () =>
        t.http
          .post('/api/v1/token/scan')
          .set('X-Service-API-Key', key)
          .send({ contract_address: CLEAN, features: ['market'], cache_ttl: 300, include_metadata: true });
      expect((await scan().expect(200)).body.data.metadata.cache_status).toBe('FRESH');
      expect((await scan().expect(200)).body.data.metadata.cache_status).toBe('CACHED');
      const after = (await scrape(t)).families;
      const delta = (name: string, labels: Record<string, string> = {}) =>
        sampleSum(after, name, labels) - sampleSum(before, name, labels);
      expect(delta('tas_scans_total', { section: 'market', outcome: 'ok' })).toBe(1);
      expect(delta('tas_scans_total', { section: 'market', outcome: 'cached' })).toBe(1);
      expect(delta('tas_scans_total')).toBe(2);
      expect(delta('tas_report_cache_misses_total')).toBe(1);
      expect(delta('tas_report_cache_hits_total', { tier: 'memory' })).toBe(1);
      expect(delta('tas_rpc_calls_total', { chain: 'eth' })).toBeGreaterThan(0);
      expect(delta('tas_rpc_calls_total', { chain: 'eth', method: 'eth_call' })).toBeGreaterThan(0);
      expect(delta('tas_rpc_request_duration_seconds_count', { chain: 'eth' })).toBeGreaterThan(0);
      expect(delta('tas_http_requests_total', { route: '/api/v1/token/scan', method: 'POST', status: '200' })).toBe(2);
    });

    it('counts a rate-limit refusal by the limit that refused', async () => {
      const ip = nextIp();
      const ask = () =>
        t.http
          .post('/api/v1/auth/request-key')
          .set('X-Forwarded-For', ip)
          .send({ client_name: 'Metrics', email: 'm@example.com', intended_usage: 'tests' });
      const before = (await scrape(t)).families;
      await ask().expect(201);
      await ask().expect(429);
      const after = (await scrape(t)).families;
      expect(
        sampleSum(after, 'tas_rate_limit_refusals_total', { limit: 'ip_key_issue' }) -
          sampleSum(before, 'tas_rate_limit_refusals_total', { limit: 'ip_key_issue' }),
      ).toBe(1);
      expect(sampleSum(after, 'tas_http_requests_total', { route: '/api/v1/auth/request-key', status: '429' })).toBe(1);
    });

    it('shows the process metrics and the queue depth of a registered source, and no key anywhere', async () => {
      const { MetricsService } = await import('../src/common/metrics/metrics.service');
      t.app.get(MetricsService).registerQueueDepth(async () => ({ scans: 4 }));
      const { text, families } = await scrape(t);
      expect(families.get('process_resident_memory_bytes')?.type).toBe('gauge');
      expect(sampleSum(families, 'tas_job_queue_depth', { queue: 'scans' })).toBe(4);
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(3, 19));
      expect(text).not.toMatch(/(ta|test)_[0-9a-f]{8}/);
      expect(text).not.toMatch(/0x[0-9a-fA-F]{40}/);
    });

    it('refuses a client that is not on loopback (here through a local proxy) with 403 in the envelope, saying what to set', async () => {
      const res = await t.http.get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 403,
          type: 'permission_error',
          message:
            '/metrics is served to loopback clients only; set METRICS_TOKEN (or METRICS_PORT) to scrape it from elsewhere',
        },
      });
    });

    it('serves only the exact path: /metrics/ and /METRICS are 404', async () => {
      await t.http.get('/metrics/').expect(404);
      await t.http.get('/METRICS').expect(404);
    });

    it("logs a keyed request's display prefix on its request line, never the key", async () => {
      lines.length = 0;
      await t.http
        .post('/api/v1/auth/validate')
        .set('X-Service-API-Key', key)
        .set('X-Request-Id', 'metrics-log-check')
        .expect(200);
      const requestLine = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => (l.req as { id?: string } | undefined)?.id === 'metrics-log-check');
      expect(requestLine).toMatchObject({ key_prefix: displayPrefix(key), res: { statusCode: 200 } });
      expect(lines.filter((l) => l.includes(key.slice(3)))).toEqual([]);
    });
  });

  describe('with ACCESS_LOG_SAMPLE=0', () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      t = await bootTestApp({
        env: { ACCESS_LOG_SAMPLE: '0', LOG_LEVEL: 'info' },
        logStream: { write: (line: string) => void lines.push(line) },
      });
    });
    afterAll(() => t.close());

    it('writes no access line for answered requests and one for every refused one', async () => {
      for (let i = 0; i < 5; i++) await t.http.get('/health').expect(200);
      for (let i = 0; i < 3; i++) await t.http.post('/api/v1/auth/validate').expect(401);
      const access = lines
        .map((l) => JSON.parse(l) as { req?: { path?: string }; res?: { statusCode?: number } })
        .filter((l) => l.req && l.res);
      expect(access.map((l) => [l.req?.path, l.res?.statusCode])).toEqual([
        ['/api/v1/auth/validate', 401],
        ['/api/v1/auth/validate', 401],
        ['/api/v1/auth/validate', 401],
      ]);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootTestApp({ env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.close());

    it('answers 401 without the token or with a wrong one, in the envelope with a Bearer challenge', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN]) {
        const req = t.http.get('/metrics');
        if (authorization) req.set('Authorization', authorization);
        const res = await req.expect(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).toEqual({
          success: false,
          error: {
            code: 401,
            type: 'authentication_error',
            message: '/metrics needs the metrics token: send "Authorization: Bearer <METRICS_TOKEN>"',
          },
        });
      }
    });

    it('serves the scrape to any client that sends it', async () => {
      const { families } = await scrape(t, { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '203.0.113.9' });
      expect(sampleSum(families, 'tas_http_requests_total', { route: '/metrics', status: '401' })).toBe(4);
    });
  });

  describe('with METRICS_PORT', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      t = await bootTestApp({ env: { METRICS_PORT: String(port), HOST: '127.0.0.1' } });
    });
    afterAll(() => t.close());

    it('serves /metrics on that port only, and not on the API port', async () => {
      await t.http.get('/health').expect(200);
      const res = await get(port, '/metrics');
      expect(res.status).toBe(200);
      expect(
        sampleSum(parsePrometheusText(res.body), 'tas_http_requests_total', {
          route: '/health',
          method: 'GET',
          status: '200',
        }),
      ).toBe(1);
      expect((await get(port, '/health')).status).toBe(404);
      await t.http.get('/metrics').expect(404);
    });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
