import {
  FakeApiKeyRepository,
  FakeCallLogRepository,
  FakePlanPurchaseRepository,
  FIXED_NOW,
  FixedClock,
} from '../../test/fakes';
import { apiKeyRecord, callEntry, verifiedPayment, WALLET } from '../../test/factories';
import type { NewPurchase } from './plans/plan-purchase.repository';
import { ApiKeyService } from './api-key.service';
import { CallRecorder } from './call-log/call-recorder';
import { NoActivePlanError, UserService } from './user.service';

const DAY_MS = 86_400_000;

function setup() {
  const clock = new FixedClock();
  const keyRepo = new FakeApiKeyRepository(clock);
  const calls = new FakeCallLogRepository();
  const recorder = new CallRecorder(calls);
  const purchases = new FakePlanPurchaseRepository(keyRepo);
  const sut = new UserService(new ApiKeyService(keyRepo, clock), calls, recorder, purchases, clock);
  return { sut, clock, keyRepo, calls, recorder, purchases };
}

function purchase(overrides: Partial<NewPurchase> = {}): NewPurchase {
  const p = verifiedPayment();
  return {
    wallet: WALLET,
    plan: 'starter',
    chain: p.chain,
    txHash: p.txHash,
    logIndex: p.logIndex,
    token: p.token.address.toLowerCase(),
    amount: p.amount,
    blockNumber: p.blockNumber,
    expiresAt: new Date(FIXED_NOW.getTime() + 10 * DAY_MS),
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('UserService', () => {
  describe('stats', () => {
    it('counts the key’s calls in total, since UTC midnight and since the 1st of the month', async () => {
      const { sut, keyRepo, calls } = setup();
      const key = keyRepo.seed(apiKeyRecord());
      await calls.insertMany([
        callEntry({ keyId: key.id, at: at('2026-11-21T00:00:00.000Z') }),
        callEntry({ keyId: key.id, at: at('2026-11-20T23:59:59.999Z') }),
        callEntry({ keyId: key.id, at: at('2026-11-01T00:00:00.000Z') }),
        callEntry({ keyId: key.id, at: at('2026-10-31T23:59:59.999Z') }),
        callEntry({ at: FIXED_NOW }),
      ]);
      const { counts, daily } = await sut.stats(key);
      expect(counts).toEqual({ total: 4, today: 1, thisMonth: 3 });
      // 30 UTC days to today, the empty ones included; another key's call is not counted.
      expect(daily).toHaveLength(30);
      expect(daily[0]).toEqual({ day: '2026-10-23', calls: 0 });
      expect(daily.filter((d) => d.calls > 0)).toEqual([
        { day: '2026-10-31', calls: 1 },
        { day: '2026-11-01', calls: 1 },
        { day: '2026-11-20', calls: 1 },
        { day: '2026-11-21', calls: 1 },
      ]);
      expect(daily.at(-1)!.day).toBe('2026-11-21');
    });

    it('counts calls still waiting in the recorder', async () => {
      const { sut, keyRepo, recorder, calls } = setup();
      const key = keyRepo.seed(apiKeyRecord());
      recorder.record(callEntry({ keyId: key.id }));
      recorder.record(callEntry({ keyId: key.id }));
      expect(calls.entries).toHaveLength(0);
      await expect(sut.stats(key)).resolves.toMatchObject({ counts: { total: 2, today: 2, thisMonth: 2 } });
    });

    it('shows the quota as stored now, or the given key when its row is gone', async () => {
      const { sut, keyRepo } = setup();
      const key = keyRepo.seed(apiKeyRecord({ quotaRemaining: 5 }));
      await keyRepo.consumeQuota(key.id);
      expect((await sut.stats(key)).key.quotaRemaining).toBe(4);
      const gone = apiKeyRecord({ quotaRemaining: 3 });
      expect((await sut.stats(gone)).key).toEqual(gone);
    });
  });

  describe('recentCalls', () => {
    it('lists the key’s latest calls first, at most `limit`, including unflushed ones', async () => {
      const { sut, keyRepo, recorder, calls } = setup();
      const key = keyRepo.seed(apiKeyRecord());
      await calls.insertMany([
        callEntry({ keyId: key.id, endpoint: '/old', at: at('2026-11-20T10:00:00.000Z') }),
        callEntry({ keyId: key.id, endpoint: '/middle', at: at('2026-11-21T10:00:00.000Z') }),
        callEntry({ endpoint: '/other-key', at: FIXED_NOW }),
      ]);
      recorder.record(callEntry({ keyId: key.id, endpoint: '/newest', status: 429, latencyMs: 3, at: FIXED_NOW }));
      const recent = await sut.recentCalls(key, 2);
      expect(recent.map((c) => c.endpoint)).toEqual(['/newest', '/middle']);
      expect(recent[0]).toEqual({
        timestamp: FIXED_NOW,
        method: 'POST',
        endpoint: '/newest',
        status: 429,
        latencyMs: 3,
      });
    });
  });

  describe('walletKeys', () => {
    it('lists the keys of the wallet however its address is spelled, newest first', async () => {
      const { sut, keyRepo } = setup();
      const older = keyRepo.seed(apiKeyRecord({ ownerWallet: WALLET, createdAt: at('2026-11-01T00:00:00.000Z') }));
      const newer = keyRepo.seed(apiKeyRecord({ ownerWallet: WALLET, createdAt: at('2026-11-10T00:00:00.000Z') }));
      keyRepo.seed(apiKeyRecord({ ownerWallet: '0x0000000000000000000000000000000000000001' }));
      const keys = await sut.walletKeys(WALLET.toUpperCase().replace('0X', '0x'));
      expect(keys.map((k) => k.id)).toEqual([newer.id, older.id]);
    });
  });

  describe('createKey', () => {
    it('refuses a wallet without an unexpired purchase of that plan', async () => {
      const { sut, purchases } = setup();
      purchases.seed(purchase({ plan: 'pro' }));
      purchases.seed(purchase({ plan: 'starter', expiresAt: FIXED_NOW }));
      const refused = sut.createKey(WALLET, 'starter');
      await expect(refused).rejects.toBeInstanceOf(NoActivePlanError);
      await expect(refused).rejects.toMatchObject({
        kind: 'forbidden',
        cCode: 'NO_ACTIVE_PLAN',
        message: expect.stringContaining('no active starter plan'),
      });
    });

    it('issues a key of the plan that expires with the latest purchase of it', async () => {
      const { sut, purchases, keyRepo } = setup();
      const latest = new Date(FIXED_NOW.getTime() + 25 * DAY_MS);
      purchases.seed(purchase({ expiresAt: new Date(FIXED_NOW.getTime() + 3 * DAY_MS) }));
      purchases.seed(purchase({ expiresAt: latest, logIndex: 1 }));
      const { apiKey, record } = await sut.createKey(WALLET, 'starter');
      expect(apiKey).toMatch(/^ta_[0-9a-f]{64}$/);
      expect(record).toMatchObject({
        plan: 'starter',
        ownerWallet: WALLET,
        expiresAt: latest,
        rateLimitPerMinute: 60,
        quotaLimit: 30_000,
        quotaRemaining: 30_000,
      });
      expect(keyRepo.all()).toHaveLength(1);
    });
  });

  describe('walletUsage', () => {
    it('adds up the calls of all the wallet’s keys and names its active plans', async () => {
      const { sut, keyRepo, calls, purchases } = setup();
      const a = keyRepo.seed(apiKeyRecord({ ownerWallet: WALLET }));
      const b = keyRepo.seed(apiKeyRecord({ ownerWallet: WALLET, revokedAt: FIXED_NOW }));
      const stranger = keyRepo.seed(apiKeyRecord({ ownerWallet: '0x0000000000000000000000000000000000000001' }));
      await calls.insertMany([
        callEntry({ keyId: a.id }),
        callEntry({ keyId: b.id, at: at('2026-11-02T00:00:00.000Z') }),
        callEntry({ keyId: b.id, at: at('2026-09-02T00:00:00.000Z') }),
        callEntry({ keyId: stranger.id }),
      ]);
      purchases.seed(purchase({ plan: 'team' }));
      purchases.seed(purchase({ plan: 'pro', expiresAt: at('2026-11-01T00:00:00.000Z') }));
      const usage = await sut.walletUsage(WALLET);
      expect(usage.counts).toEqual({ total: 3, today: 1, thisMonth: 2 });
      expect(usage.keys.map((k) => k.id).sort()).toEqual([a.id, b.id].sort());
      expect(usage.activePlans).toEqual(['team']);
    });

    it('counts nothing for a wallet without keys', async () => {
      const { sut, calls } = setup();
      await calls.insertMany([callEntry()]);
      await expect(sut.walletUsage(WALLET)).resolves.toEqual({
        counts: { total: 0, today: 0, thisMonth: 0 },
        keys: [],
        activePlans: [],
      });
    });
  });
});
