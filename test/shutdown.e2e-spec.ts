import { closeGracefully } from '../src/common/shutdown';
import { Gate, LimitsFixtureModule } from './fixtures/limits-fixture.module';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

describe('Graceful shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ extraModules: [LimitsFixtureModule] });
  });
  afterAll(() => t.db.drop());

  it('lets an in-flight request finish, then stops taking connections and closes the pools', async () => {
    const key = await keyOfPlan(t, 'team');
    await t.app.listen(0, '127.0.0.1');
    const base = await t.app.getUrl();
    Gate.close();
    const inFlight = fetch(`${base}/scanner/api/v1/__limits/slow`, { headers: { Authorization: `Bearer ${key}` } });
    while (Gate.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    const closing = closeGracefully(t.app); // what SIGTERM does (src/main.ts)
    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false); // still waiting for the request
    Gate.open();

    const res = await inFlight;
    expect(res.status).toBe(200);
    await closing;
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  });
});
