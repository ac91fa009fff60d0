/**
 * Traps a round trip from a fresh address at the current block misses, through HTTP on A, B and C:
 * the time bomb (a sell tax that jumps two days after launch).
 */
import { readManifest } from '../devnet';
import { keyOfPlan } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

const { traps } = readManifest();

describe('Trap tokens on the devnet (A, B and C)', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await bootTestApp({ env: { UPSTREAM_LIMITS: 'audit_provider=1000/1000,scanner_provider=1000/1000,market_data=1000/1000,social_data=1000/1000' } });
    key = await keyOfPlan(t, 'team');
  });
  afterAll(() => t.close());

  describe('the time bomb', () => {
    const bomb = traps.time_bomb;

    it("fails the token on every surface with the sell tax jump and when it takes effect, though today's round trip is fair", async () => {
      const a = await t.http.post('/api/v1/token/scan').set('X-Service-API-Key', key).send({ contract_address: bomb.address, features: ['security'], cache_ttl: 0 }).expect(200);
      const b = await t.http.post('/scanner/api/v1/features/security').set('Authorization', `Bearer ${key}`).send({ contract_address: bomb.address }).expect(200);
      const c = await t.http.get(`/v1/analyze/contract/${bomb.address}`).set('Authorization', `Bearer ${key}`).expect(200);

      const security = a.body.data.analysis.security;
      expect(security.honeypot_risk).toBe('✅ SAFE');
      expect(security.taxes.sell).toMatch(/^(2\.9\d|3\.00)%$/);
      for (const check of [security.time_bomb, b.body.simulation.time_bomb, c.body.trading.time_bomb]) {
        expect(check).toMatchObject({ detected: true, change: 'sell_tax_rises', effective_after_seconds: 86_400, effective_by_seconds: 604_800 });
        expect(check.detail).toMatch(/sell tax rises from (2\.9\d|3)% to (89\.9\d|90)% between 1 day and 7 days from now/);
        expect(check.probes.map((p: { label: string }) => p.label)).toEqual(['+1 hour', '+1000 blocks', '+1 day', '+7 days']);
        expect(Date.parse(check.effective_by)).toBeGreaterThanOrEqual(bomb.settlesAt * 1000);
      }
      // A 90% sell tax later is critical: the grade is F today.
      expect(a.body.data.grade).toBe('F');
      expect(b.body.score).toBeLessThanOrEqual(20);
      expect(c.body.critical_issues).toEqual([expect.stringMatching(/^Time bomb: the sell tax rises/)]);
    });

    it('finds nothing of the kind on the clean token', async () => {
      const a = await t.http.post('/api/v1/token/scan').set('X-Service-API-Key', key).send({ contract_address: readManifest().tokens.clean.address, features: ['security'], cache_ttl: 0 }).expect(200);
      expect(a.body.data.analysis.security.time_bomb).toMatchObject({ detected: false, change: null, detail: null });
    });
  });
});
