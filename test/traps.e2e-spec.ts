/**
 * Traps a round trip from a fresh address at the current block misses, through HTTP on A, B and C:
 * the time bomb (a sell tax that jumps two days after launch) and the holder trap (airdrop
 * recipients can never sell; one balance trimmed without a Transfer); and who holds the pools' LP
 * tokens: burned (clean), locked for a year (locked), held by the owner (pullable).
 */
import { readManifest } from '../devnet';
import { bootScanningApp } from './support/scanning-app';
import type { TestApp } from './support/test-app';

const { traps, liquidity } = readManifest();

describe('Trap tokens on the devnet (A, B and C)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => ({ t, key } = await bootScanningApp()));
  afterAll(() => t.close());

  describe('the time bomb', () => {
    const bomb = traps.time_bomb;

    it("fails the token on every surface with the sell tax jump and when it takes effect, though today's round trip is fair", async () => {
      const a = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: bomb.address, features: ['security'], cache_ttl: 0 })
        .expect(200);
      const b = await t.http
        .post('/scanner/api/v1/features/security')
        .set('Authorization', `Bearer ${key}`)
        .send({ contract_address: bomb.address })
        .expect(200);
      const c = await t.http
        .get(`/v1/analyze/contract/${bomb.address}`)
        .set('Authorization', `Bearer ${key}`)
        .expect(200);

      const security = a.body.data.analysis.security;
      expect(security.honeypot_risk).toBe('✅ SAFE');
      expect(security.taxes.sell).toMatch(/^(2\.9\d|3\.00)%$/);
      for (const check of [security.time_bomb, b.body.simulation.time_bomb, c.body.trading.time_bomb]) {
        expect(check).toMatchObject({
          detected: true,
          change: 'sell_tax_rises',
          effective_after_seconds: 86_400,
          effective_by_seconds: 604_800,
        });
        expect(check.detail).toMatch(
          /sell tax rises from (2\.9\d|3)% to (89\.9\d|90)% between 1 day and 7 days from now/,
        );
        expect(check.probes.map((p: { label: string }) => p.label)).toEqual([
          '+1 hour',
          '+1000 blocks',
          '+1 day',
          '+7 days',
        ]);
        expect(Date.parse(check.effective_by)).toBeGreaterThanOrEqual(bomb.settlesAt * 1000);
      }
      // A 90% sell tax later is critical: the grade is F today.
      expect(a.body.data.grade).toBe('F');
      expect(b.body.score).toBeLessThanOrEqual(20);
      expect(c.body.critical_issues).toEqual([expect.stringMatching(/^Time bomb: the sell tax rises/)]);
    });

    it('finds nothing of the kind on the clean token', async () => {
      const a = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: readManifest().tokens.clean.address, features: ['security'], cache_ttl: 0 })
        .expect(200);
      expect(a.body.data.analysis.security.time_bomb).toMatchObject({ detected: false, change: null, detail: null });
    });
  });

  describe('the holder trap', () => {
    const trap = traps.holder_trap;
    type Holder = {
      address: string;
      outcome: string;
      revert_reason: string | null;
      siphoned: boolean;
      balance: string;
      indexed_balance: string;
    };
    const lower = (a: string) => a.toLowerCase();

    it('is a honeypot on every surface: a fresh buyer sells, but the airdropped holders cannot, and it says how many', async () => {
      const a = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: trap.address, cache_ttl: 0 })
        .expect(200);
      const b = await t.http
        .post('/scanner/api/v1/features/security')
        .set('Authorization', `Bearer ${key}`)
        .send({ contract_address: trap.address })
        .expect(200);
      const c = await t.http
        .get(`/v1/analyze/contract/${trap.address}`)
        .set('Authorization', `Bearer ${key}`)
        .expect(200);

      const sells = a.body.data.analysis.security.holder_sells;
      const trapped = new Set(trap.trappedHolders.map(lower));
      const free = new Set(trap.freeHolders.map(lower));
      const holders = sells.holders as Holder[];
      // Every trapped and free holder is among the largest or newest, and none of the pools.
      expect(new Set(holders.map((h) => lower(h.address)))).toEqual(new Set([...trapped, ...free]));
      for (const h of holders) {
        if (trapped.has(lower(h.address)))
          expect(h).toMatchObject({
            outcome: 'cannot_sell',
            revert_reason: expect.stringContaining('TRANSFER_FAILED'),
          });
        else expect(h.outcome).toBe('sold');
      }
      expect(sells).toMatchObject({
        checked: trapped.size + free.size,
        cannot_sell: trapped.size,
        can_sell: free.size,
        holder_sell_blocked: true,
      });
      // The count and the revert, then what decides it: the trap's list, or no power at all.
      expect(
        sells.detail.startsWith(
          `${trapped.size} of ${trapped.size + free.size} holders cannot sell any of their tokens (TRANSFER_FAILED), though a fresh buyer can (`,
        ),
      ).toBe(true);
      expect(sells.detail).toMatch(/ \((decided by .+|no owner power that decides it was found in the code)\)$/);
      expect(sells.siphoned).toEqual([
        { address: expect.any(String), indexed_balance: trap.siphoned[0].indexed, balance: trap.siphoned[0].actual },
      ]);
      expect(lower(sells.siphoned[0].address)).toBe(lower(trap.siphoned[0].holder));

      expect(a.body.data.analysis.security.honeypot_risk).toBe('🚨 HONEYPOT');
      expect(a.body.data.grade).toBe('F');
      expect(b.body.honeypot).toBe('HONEYPOT');
      expect(b.body.simulation.honeypot_reason).toMatch(/^holder_sell_blocked: 12 of 16 holders cannot sell/);
      expect(c.body.trading).toMatchObject({
        is_honeypot: true,
        honeypot_reason: expect.stringMatching(/^holder_sell_blocked/),
      });
    });

    it('every free holder of the clean token can sell, and none is siphoned', async () => {
      const a = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: readManifest().tokens.clean.address, cache_ttl: 0 })
        .expect(200);
      const sells = a.body.data.analysis.security.holder_sells;
      expect(sells.checked).toBeGreaterThanOrEqual(10);
      expect(sells).toMatchObject({ cannot_sell: 0, holder_sell_blocked: false, siphoned: [], detail: null });
      expect(a.body.data.analysis.security.honeypot_risk).toBe('✅ SAFE');
    });

    it('is checked in a security-only scan too: the verdict does not depend on the features asked for', async () => {
      const a = await t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: trap.address, features: ['security'], cache_ttl: 0 })
        .expect(200);
      expect(a.body.data.analysis.security.holder_sells).toMatchObject({
        holder_sell_blocked: true,
        cannot_sell: trap.trappedHolders.length,
      });
      expect(a.body.data.analysis.holder_analysis).toBeUndefined();
      expect(a.body.data.analysis.security.honeypot_risk).toBe('🚨 HONEYPOT');
    });
  });

  describe('liquidity locks', () => {
    const scan = (address: string) =>
      t.http
        .post('/api/v1/token/scan')
        .set('X-Service-API-Key', key)
        .send({ contract_address: address, features: ['security'], cache_ttl: 0 })
        .expect(200);

    it("reads the locked token's lock from the locker, with its unlock date, and calls the liquidity safe", async () => {
      const a = await scan(liquidity.locked.address);
      const c = await t.http
        .get(`/v1/analyze/contract/${liquidity.locked.address}`)
        .set('Authorization', `Bearer ${key}`)
        .expect(200);
      for (const locks of [a.body.data.analysis.security.liquidity_locks, c.body.trading.liquidity_locks]) {
        expect(locks).toMatchObject({
          risk: 'LOW',
          burned_percent: 0,
          others_percent: 0,
          unlocking_soon_percent: 0,
          next_unlock_at: new Date(liquidity.locked.unlockAt * 1000).toISOString(),
        });
        expect(locks.locked_percent).toBeCloseTo(liquidity.locked.lockedPercent, 1);
        expect(locks.owner_percent).toBeCloseTo(100 - liquidity.locked.lockedPercent, 1);
        expect(locks.pullable_now_percent).toBe(locks.owner_percent);
        expect(locks.pools).toEqual([
          expect.objectContaining({
            pool: liquidity.locked.pair,
            locks: [
              expect.objectContaining({
                locker: 'Devnet LP locker',
                locker_address: liquidity.locker.address,
                owner: liquidity.locked.owner,
                unlocked: false,
              }),
            ],
          }),
        ]);
      }
      expect(a.body.data.analysis.security.rug_pull_risk).toBe('✅ LOW');
    });

    it("calls the pullable token's liquidity a rug risk: its owner holds all the LP", async () => {
      const a = await scan(liquidity.pullable.address);
      const b = await t.http
        .post('/scanner/api/v1/features/security')
        .set('Authorization', `Bearer ${key}`)
        .send({ contract_address: liquidity.pullable.address })
        .expect(200);
      const locks = a.body.data.analysis.security.liquidity_locks;
      expect(locks).toMatchObject({ risk: 'HIGH', locked_percent: 0, next_unlock_at: null });
      expect(locks.owner_percent).toBeGreaterThan(99.9);
      expect(locks.pullable_now_percent).toBe(locks.owner_percent);
      expect(b.body.liquidity_locks).toEqual(locks);
      expect(a.body.data.analysis.security.rug_pull_risk).toBe('🚨 HIGH');
      const locked = await scan(liquidity.locked.address);
      expect(a.body.data.service_score).toBeLessThan(locked.body.data.service_score);
    });

    it("reads a V3 pool's positions from its Mint logs: the owner minted both of v3_only's pools, and can pull them", async () => {
      const token = readManifest().venues.tokens.v3_only;
      const a = await scan(token.address);
      const locks = a.body.data.analysis.security.liquidity_locks;
      expect(locks).toMatchObject({
        risk: 'HIGH',
        burned_percent: 0,
        locked_percent: 0,
        others_percent: 0,
        owner_percent: 100,
        pullable_now_percent: 100,
      });
      expect(new Set(locks.pools.map((p: { pool: string }) => p.pool))).toEqual(
        new Set(token.pools.map((p) => p.address)),
      );
      for (const p of locks.pools) expect(BigInt(p.lp_supply)).toBeGreaterThan(0n);
      expect(a.body.data.analysis.security.rug_pull_risk).toBe('🚨 HIGH');
    });

    it("credits V3 liquidity held through the position manager to its NFTs' holders: 90% burned, 10% the owner's", async () => {
      const positions = readManifest().venues.positions;
      const a = await scan(positions.token);
      const locks = a.body.data.analysis.security.liquidity_locks;
      expect(locks.pools).toEqual([
        expect.objectContaining({ pool: positions.pool, locked_percent: 0, others_percent: 0 }),
      ]);
      expect(locks.burned_percent).toBeCloseTo(positions.burnedPercent, 1);
      expect(locks.owner_percent).toBeCloseTo(positions.ownerPercent, 1);
      expect(locks).toMatchObject({ risk: 'MEDIUM' });
      expect(locks.pullable_now_percent).toBeCloseTo(positions.ownerPercent, 1);
    });

    it("sees the clean token's LP burned", async () => {
      const a = await scan(liquidity.clean_burned.token);
      const locks = a.body.data.analysis.security.liquidity_locks;
      expect(locks).toMatchObject({ risk: 'LOW', owner_percent: 0, pullable_now_percent: 0 });
      expect(locks.burned_percent).toBeGreaterThan(99.9);
    });
  });
});
