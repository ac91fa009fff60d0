import { ErrorFixtureModule } from './fixtures/error-fixture.module';
import { bootTestApp, TestApp } from './support/test-app';

describe('Chain failures over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    // bsc points at a port nobody listens on; polygon is not configured at all.
    t = await bootTestApp({ extraModules: [ErrorFixtureModule], env: { BSC_RPC_URL: 'http://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('reads the devnet as chain eth and as chain devnet', async () => {
    const eth = await t.http.get('/api/v1/__fixture/block?chain=eth').expect(200);
    const devnet = await t.http.get('/api/v1/__fixture/block?chain=devnet').expect(200);
    expect(Number(eth.body.block)).toBeGreaterThan(300);
    expect(devnet.body.block).toBe(eth.body.block);
  });

  it('an unreachable node → 503, retryable, in each surface’s envelope, without the URL', async () => {
    const a = await t.http.get('/api/v1/__fixture/block?chain=bsc').expect(503);
    expect(a.headers['retry-after']).toBe('5');
    expect(a.body).toEqual({
      success: false,
      error: { code: 503, type: 'service_unavailable_error', message: expect.stringMatching(/^Chain bsc is unavailable/), retry_after: 5 },
    });
    const b = await t.http.get('/scanner/api/v1/__fixture/block?chain=bsc').expect(503);
    expect(b.body).toMatchObject({ success: false, error: 'service_unavailable', retry_after: 5 });
    const c = await t.http.get('/v1/__fixture/block?chain=bsc').expect(503);
    expect(c.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(JSON.stringify([a.body, b.body, c.body])).not.toContain('127.0.0.1:9');
  });

  it('a chain without an RPC URL → 503 naming the variable to set', async () => {
    const res = await t.http.get('/api/v1/__fixture/block?chain=polygon').expect(503);
    expect(res.body.error.message).toBe('Chain polygon is not configured: set POLYGON_RPC_URL');
  });

  it('health lists eth as the local devnet', async () => {
    const res = await t.http.get('/health').expect(200);
    expect(res.body.components.chains).toMatchObject({ eth: 'operational (local devnet)', devnet: 'operational (local devnet)' });
  });
});
