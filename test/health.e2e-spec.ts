import { EmbeddedPostgresHandle, startEmbeddedPostgres } from '../src/prisma/embedded-postgres';
import { runMigrations } from '../src/prisma/migration-runner';
import { bootTestApp, TestApp } from './support/test-app';
import { until } from './support/until';

describe('Health', () => {
  describe('redis', () => {
    it('reports available when REDIS_URL answers and unavailable when it does not', async () => {
      const up = await bootTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } });
      try {
        const res = await up.http.get('/health');
        // CI and this machine run Redis on 6379; a machine without it reports `unavailable`, also correct.
        expect(['available', 'unavailable']).toContain(res.body.components.redis);
      } finally {
        await up.close();
      }
      const down = await bootTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
      try {
        const res = await down.http.get('/health').expect(200);
        expect(res.body.components.redis).toBe('unavailable');
        expect(res.body.status).toBe('degraded');
      } finally {
        await down.close();
      }
    });
  });

  describe('with the database up', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootTestApp();
    });
    afterAll(() => t.close());

    it('GET /health answers surface A’s record from real checks', async () => {
      const res = await t.http.get('/health').expect(200);
      expect(res.body).toEqual({
        status: 'healthy',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        version: '1.0.0',
        components: {
          database: 'connected',
          redis: 'not_configured',
          external_apis: 'operational',
          chains: expect.any(Object),
          providers: {
            source_verification: expect.stringMatching(/^operational/),
            social_data: expect.stringMatching(/^operational/),
            llm: 'operational (built-in analyst)',
          },
        },
      });
    });

    it('answers a conditional GET (If-None-Match: *, If-Modified-Since) in full, never with a bodiless 304', async () => {
      for (const path of ['/health', '/scanner/health']) {
        const res = await t.http
          .get(path)
          .set('If-None-Match', '*')
          .set('If-Modified-Since', new Date().toUTCString())
          .expect(200);
        expect(res.body.status).toBe('healthy');
      }
    });

    it('GET /scanner/health answers surface B’s record with uptime', async () => {
      const res = await t.http.get('/scanner/health').expect(200);
      expect(res.body).toEqual({
        status: 'healthy',
        timestamp: expect.any(String),
        version: '1.0.0',
        uptime: expect.stringMatching(/^\d+ days, \d\d:\d\d:\d\d$/),
        services: {
          audit_provider_api: 'operational',
          scanner_provider_api: 'operational',
          market_data_api: 'operational',
          database: 'connected',
        },
      });
    });
  });

  describe('when the database stops and comes back', () => {
    const port = Number(process.env.TEST_RESTART_PG_PORT ?? 54331);
    const dataDir = '.data/test-restart';
    let pg: EmbeddedPostgresHandle;
    let t: TestApp;

    beforeAll(async () => {
      pg = await startEmbeddedPostgres({ dataDir, port, database: 'restart_test' });
      await runMigrations(pg.url);
      t = await bootTestApp({ databaseUrl: pg.url });
    });
    afterAll(async () => {
      await t.close();
      await pg.stop();
    });

    /**
     * Polls until the expected status shows: the pool needs a few requests to drop dead connections, and
     * `/health` serves its last check for HEALTH_CACHE_MS (1 s).
     */
    async function healthUntil(
      path: string,
      status: number,
    ): Promise<{ status: number; body: Record<string, unknown> }> {
      let last = { status: 0, body: {} as Record<string, unknown> };
      await until(
        async () => {
          const res = await t.http.get(path);
          last = { status: res.status, body: res.body as Record<string, unknown> };
          return last.status === status;
        },
        `${path} to answer ${status}`,
        30_000,
      ).catch(() => undefined);
      return last;
    }

    it('reports degraded with 503 on both surfaces, then recovers without a restart of the service', async () => {
      await t.http.get('/health').expect(200);
      await pg.stop();

      const a = await healthUntil('/health', 503);
      expect(a.status).toBe(503);
      expect(a.body).toMatchObject({ status: 'degraded', components: { database: 'disconnected' } });
      const b = await healthUntil('/scanner/health', 503);
      expect(b.status).toBe(503);
      expect(b.body).toMatchObject({ status: 'degraded', services: { database: 'disconnected' } });

      pg = await startEmbeddedPostgres({ dataDir, port, database: 'restart_test' });
      const back = await healthUntil('/health', 200);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ status: 'healthy', components: { database: 'connected' } });
    });
  });
});
