import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { ErrorFixtureModule } from './fixtures/error-fixture.module';
import { keyOfPlan } from './support/keys';
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
      error: {
        code: 503,
        type: 'service_unavailable_error',
        message: expect.stringMatching(/^Chain bsc is unavailable/),
        retry_after: 5,
      },
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
    expect(res.body.components.chains).toMatchObject({
      eth: 'operational (local devnet)',
      devnet: 'operational (local devnet)',
    });
  });
});

describe('A node that accepts connections and never answers, through a scan', () => {
  let t: TestApp;
  let blackhole: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    blackhole = createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
    await once(blackhole, 'listening');
    const url = `http://127.0.0.1:${(blackhole.address() as AddressInfo).port}`;
    t = await bootTestApp({ env: { OPTIMISM_RPC_URL: url, RPC_TIMEOUT_MS: '500' } });
  });
  afterAll(async () => {
    await t.close();
    sockets.forEach((socket) => socket.destroy());
    blackhole.close();
  });

  it('answers the scan 503 in its envelope within its time limits, not after the node gives up', async () => {
    const key = await keyOfPlan(t, 'team');
    const started = Date.now();
    const res = await t.http
      .post('/api/v1/token/scan')
      .set('X-Service-API-Key', key)
      .send({ contract_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', chain: 'optimism' });
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      error: {
        code: 503,
        type: 'service_unavailable_error',
        message: expect.stringMatching(/^Chain optimism is unavailable/),
      },
    });
    // The transport's deadline (2.5 × RPC_TIMEOUT_MS per request) and the scan's own 2.5 s: a hung node holds a scan no longer.
    expect(waited).toBeLessThan(5_000);
  });
});
