import { LimitsFixtureModule } from './fixtures/limits-fixture.module';
import { freeKey, flushCalls, sha256, sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

describe('Keys never leak', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await bootTestApp({
      extraModules: [LimitsFixtureModule],
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('a canary key sent on 100 requests of every kind appears in no log line and no table, except as its hash', async () => {
    const canary = await freeKey(t);
    const unknownCanary = `ta_${'c0ffee'.repeat(10)}abcd`;
    const kinds: Array<(key: string) => Promise<unknown>> = [
      (k) => t.http.post('/api/v1/auth/validate').set('X-Service-API-Key', k),
      (k) => t.http.post('/api/v1/__limits/scan').set('X-Service-API-Key', k).send({ contract_address: k }),
      (k) => t.http.get('/scanner/api/v1/user/stats').set('Authorization', `Bearer ${k}`),
      (k) => t.http.get('/scanner/api/v1/user/recent-calls?limit=999').set('Authorization', `Bearer ${k}`),
      (k) => t.http.get('/scanner/api/v1/user/keys').set({ 'X-Wallet-Message': k, 'X-Wallet-Signature': k }),
      (k) => t.http.get(`/api/v1/auth/validate?api_key=${k}`),
      (k) => t.http.get(`/no/such/route/${k}`).set('X-Service-API-Key', k),
      (k) =>
        t.http
          .post('/api/v1/auth/validate')
          .set('X-Service-API-Key', k)
          .set('Content-Type', 'application/json')
          .send(`{"k":"${k}"`),
      (k) => t.http.post('/scanner/api/v1/generate-test-key').set('Authorization', `Bearer ${k}`).send({ wallet: k }),
    ];
    for (const kind of kinds) {
      for (let i = 0; i < 100; i++) await kind(i % 2 ? canary : unknownCanary);
    }
    await flushCalls(t);

    expect(lines.length).toBeGreaterThan(900);
    const leaking = lines.filter((l) => l.includes(canary) || l.includes(unknownCanary) || l.includes(canary.slice(3)));
    expect(leaking).toEqual([]);

    const tables = await sql<{ table_name: string }>(
      t,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    for (const { table_name } of tables) {
      const rows = await sql<{ row: string }>(t, `SELECT row_to_json(x)::text AS row FROM "${table_name}" x`);
      const hits = rows.filter((r) => r.row.includes(canary.slice(3)) || r.row.includes(unknownCanary.slice(3)));
      expect({ table_name, hits }).toEqual({ table_name, hits: [] });
    }
    expect(await sql(t, 'SELECT id FROM api_keys WHERE key_hash = $1', [sha256(canary)])).toHaveLength(1);
  });
});
