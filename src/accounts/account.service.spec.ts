import { loadConfig } from '../config/app-config';
import { FakeApiKeyRepository, FakeChainRegistry, FakeNonceRepository, FIXED_NOW, FixedClock } from '../../test/fakes';
import { apiKeyRecord, WALLET } from '../../test/factories';
import { ExpiredApiKeyError, RevokedApiKeyError, TestKeyExistsError, UnknownApiKeyError } from './account.errors';
import { AccountService } from './account.service';
import { hashApiKey } from './api-key';
import { ApiKeyService } from './api-key.service';
import { WalletProofService } from './wallet-proof/wallet-proof.service';

const DAY_MS = 86_400_000;

function setup(config: { siweDomain?: string } = {}) {
  const clock = new FixedClock();
  const repo = new FakeApiKeyRepository(clock);
  const nonces = new FakeNonceRepository();
  const keys = new ApiKeyService(repo, clock);
  const proofs = new WalletProofService(nonces, new FakeChainRegistry([{ key: 'eth', chainId: 1 }]), clock);
  const sut = new AccountService(keys, proofs, loadConfig({}).with(config));
  return { sut, clock, repo, nonces, keys };
}

describe('AccountService', () => {
  describe('requestFreeKey', () => {
    const body = { client_name: 'Acme Bot', email: 'Ops@Acme.Example', intended_usage: 'trading bot' };

    it('issues a free key: 60/min, 10,000 calls a month, valid 365 days', async () => {
      const { sut } = setup();
      const { apiKey, record } = await sut.requestFreeKey(body);
      expect(apiKey).toMatch(/^ta_[0-9a-f]{64}$/);
      expect(record).toMatchObject({
        plan: 'free',
        prefix: apiKey.slice(0, 11),
        ownerWallet: null,
        clientName: 'Acme Bot',
        rateLimitPerMinute: 60,
        quotaLimit: 10_000,
        quotaRemaining: 10_000,
        quotaResetAt: new Date('2026-12-21T12:00:00.000Z'),
        expiresAt: new Date(FIXED_NOW.getTime() + 365 * DAY_MS),
        revokedAt: null,
      });
    });

    it('stores the key’s hash and the e-mail in lower case, never the key itself', async () => {
      const { sut, repo } = setup();
      const { apiKey } = await sut.requestFreeKey(body);
      expect(repo.written).toHaveLength(1);
      const [row] = repo.written;
      expect(row).toMatchObject({ hash: hashApiKey(apiKey), email: 'ops@acme.example', intendedUsage: 'trading bot' });
      expect(JSON.stringify(row)).not.toContain(apiKey);
    });

    it('gives every request its own key', async () => {
      const { sut } = setup();
      const [a, b] = await Promise.all([sut.requestFreeKey(body), sut.requestFreeKey(body)]);
      expect(a.apiKey).not.toBe(b.apiKey);
      expect(a.record.id).not.toBe(b.record.id);
    });
  });

  describe('generateTestKey', () => {
    it('issues a 10-scan test key for 7 days, owned by the wallet in lower case, whose quota never resets', async () => {
      const { sut } = setup();
      const { apiKey, record } = await sut.generateTestKey(WALLET.toUpperCase().replace('0X', '0x'));
      expect(apiKey).toMatch(/^test_[0-9a-f]{64}$/);
      expect(record).toMatchObject({
        plan: 'test',
        ownerWallet: WALLET,
        rateLimitPerMinute: 10,
        quotaLimit: 10,
        quotaRemaining: 10,
        quotaResetAt: null,
        expiresAt: new Date('2026-11-28T12:00:00.000Z'),
      });
    });

    it('refuses a second live test key for the same wallet, however it is spelled, with the first one’s expiry', async () => {
      const { sut, clock, repo } = setup();
      const first = await sut.generateTestKey(WALLET);
      clock.advance(DAY_MS);
      const second = sut.generateTestKey(WALLET.toUpperCase().replace('0X', '0x'));
      await expect(second).rejects.toBeInstanceOf(TestKeyExistsError);
      await expect(second).rejects.toMatchObject({
        kind: 'conflict',
        message: 'This wallet already has a live test key; it expires at 2026-11-28T12:00:00.000Z',
        details: { expires_at: first.record.expiresAt.toISOString() },
      });
      expect(repo.all()).toHaveLength(1);
    });

    it('issues a new one once the first has expired, and one per wallet meanwhile', async () => {
      const { sut, clock } = setup();
      await sut.generateTestKey(WALLET);
      await expect(sut.generateTestKey('0x0000000000000000000000000000000000000001')).resolves.toMatchObject({
        record: { plan: 'test' },
      });
      clock.advance(7 * DAY_MS);
      const renewed = await sut.generateTestKey(WALLET);
      expect(renewed.record.expiresAt).toEqual(new Date('2026-12-05T12:00:00.000Z'));
    });
  });

  describe('nonce', () => {
    it('names the configured SIWE domain rather than the request’s Host', async () => {
      const { sut, nonces } = setup({ siweDomain: 'api.example.com' });
      const grant = await sut.nonce({ host: 'evil.example', protocol: 'https' });
      expect(grant).toMatchObject({ domain: 'api.example.com', uri: 'https://api.example.com', chainId: 1 });
      expect(grant.expiresAt).toEqual(new Date(FIXED_NOW.getTime() + 5 * 60_000));
      expect(nonces.nonces.get(grant.nonce)).toEqual({ expiresAt: grant.expiresAt, usedAt: null });
      expect(grant.message).toBeUndefined();
    });

    it('falls back to the Host and prepares the message to sign when the wallet is named', async () => {
      const { sut } = setup();
      const grant = await sut.nonce({ host: 'localhost:3000', protocol: 'http', wallet: WALLET });
      expect(grant).toMatchObject({ domain: 'localhost:3000', uri: 'http://localhost:3000' });
      expect(grant.message).toContain(
        'localhost:3000 wants you to sign in with your Ethereum account:\n0x90F79bf6EB2c4f870365E785982E1f101E93b906',
      );
      expect(grant.message).toContain(`Nonce: ${grant.nonce}`);
      expect(grant.message).toContain('Chain ID: 1');
    });
  });

  describe('validating a key (the guard authenticates it, then validate re-reads it)', () => {
    it('reports the quota as stored now, not as it was when authenticated', async () => {
      const { sut, repo } = setup();
      const stale = repo.seed(apiKeyRecord({ quotaRemaining: 100 }));
      await repo.consumeQuota(stale.id);
      await expect(sut.validate(stale)).resolves.toMatchObject({ id: stale.id, quotaRemaining: 99 });
    });

    it('keeps the authenticated record when the row is gone', async () => {
      const { sut } = setup();
      const key = apiKeyRecord({ quotaRemaining: 7 });
      await expect(sut.validate(key)).resolves.toEqual(key);
    });

    it('refuses an unknown, a revoked and an expired key, each with its own reason', async () => {
      const { keys, repo } = setup();
      repo.seed(apiKeyRecord({ revokedAt: new Date(FIXED_NOW.getTime() - 1) }), hashApiKey('revoked'));
      const expiresAt = new Date(FIXED_NOW.getTime() - 1);
      repo.seed(apiKeyRecord({ expiresAt }), hashApiKey('expired'));
      await expect(keys.authenticate('nope')).rejects.toBeInstanceOf(UnknownApiKeyError);
      await expect(keys.authenticate('revoked')).rejects.toBeInstanceOf(RevokedApiKeyError);
      await expect(keys.authenticate('expired')).rejects.toThrow(new ExpiredApiKeyError(expiresAt));
      await expect(keys.authenticate('expired')).rejects.toMatchObject({
        kind: 'unauthenticated',
        message: 'API key expired at 2026-11-21T11:59:59.999Z',
      });
    });

    it('treats a key as expired from its expiry instant on, and a revocation as final even before expiry', async () => {
      const { keys, repo } = setup();
      repo.seed(apiKeyRecord({ expiresAt: FIXED_NOW }), hashApiKey('edge'));
      repo.seed(
        apiKeyRecord({ revokedAt: FIXED_NOW, expiresAt: new Date(FIXED_NOW.getTime() + DAY_MS) }),
        hashApiKey('both'),
      );
      await expect(keys.authenticate('edge')).rejects.toBeInstanceOf(ExpiredApiKeyError);
      await expect(keys.authenticate('both')).rejects.toBeInstanceOf(RevokedApiKeyError);
    });

    it('accepts a live key and returns its record', async () => {
      const { keys, repo } = setup();
      const record = repo.seed(apiKeyRecord(), hashApiKey('good'));
      await expect(keys.authenticate('good')).resolves.toEqual(record);
    });
  });
});
