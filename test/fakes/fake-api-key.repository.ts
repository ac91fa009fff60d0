import { randomUUID } from 'node:crypto';
import { ApiKeyRecord, ApiKeyRepository, NewApiKey, QuotaOutcome } from '../../src/accounts/api-key.repository';
import { Clock } from '../../src/common/clock';

/**
 * api_keys and test_key_claims in memory, with the rules the SQL enforces: one live test-key claim
 * per wallet (an expired claim is taken over), quota taken only while some is left.
 */
export class FakeApiKeyRepository extends ApiKeyRepository {
  private readonly byId = new Map<string, ApiKeyRecord>();
  private readonly idByHash = new Map<string, string>();
  private readonly claims = new Map<string, { keyId: string; expiresAt: Date }>();
  /** Every row written, as the service handed it over (hash, email and all). */
  readonly written: NewApiKey[] = [];

  constructor(private readonly clock: Clock) {
    super(undefined as never);
  }

  /** Stores a record as is (to start a test from a given state); returns it. */
  seed(record: ApiKeyRecord, hash = `hash-of-${record.id}`): ApiKeyRecord {
    this.byId.set(record.id, { ...record });
    this.idByHash.set(hash, record.id);
    return record;
  }

  /** Every stored record, oldest first. */
  all(): ApiKeyRecord[] {
    return [...this.byId.values()].map((r) => ({ ...r }));
  }

  /** The hash stored for a key id (to check that only hashes are kept). */
  hashOf(id: string): string | undefined {
    return [...this.idByHash].find(([, keyId]) => keyId === id)?.[0];
  }

  /** The row a new key becomes, as the database fills it in. */
  insert(key: NewApiKey): ApiKeyRecord {
    const record: ApiKeyRecord = {
      id: key.id ?? randomUUID(),
      prefix: key.prefix,
      plan: key.plan,
      ownerWallet: key.ownerWallet ?? null,
      clientName: key.clientName ?? null,
      rateLimitPerMinute: key.rateLimitPerMinute,
      quotaLimit: key.quotaLimit,
      quotaRemaining: key.quotaLimit,
      quotaResetAt: key.quotaResetAt,
      expiresAt: key.expiresAt,
      revokedAt: null,
      createdAt: this.clock.now(),
    };
    if (this.idByHash.has(key.hash)) throw new Error('unique constraint: key_hash');
    this.written.push({ ...key });
    return this.seed(record, key.hash);
  }

  override async create(key: NewApiKey): Promise<ApiKeyRecord> {
    return { ...this.insert(key) };
  }

  override async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const id = this.idByHash.get(hash);
    return id ? this.findById(id) : null;
  }

  override async findById(id: string): Promise<ApiKeyRecord | null> {
    const record = this.byId.get(id);
    return record ? { ...record } : null;
  }

  override async listByWallet(wallet: string): Promise<ApiKeyRecord[]> {
    return this.all()
      .filter((r) => r.ownerWallet === wallet)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  override async consumeQuota(id: string, wanted = 1): Promise<QuotaOutcome> {
    const key = this.byId.get(id);
    if (!key || key.quotaLimit === null) return { status: 'unlimited' };
    if ((key.quotaRemaining ?? 0) <= 0) return { status: 'spent', resetAt: key.quotaResetAt, limit: key.quotaLimit };
    const taken = Math.min(wanted, key.quotaRemaining ?? 0);
    key.quotaRemaining = (key.quotaRemaining ?? 0) - taken;
    return { status: 'consumed', taken, remaining: key.quotaRemaining, resetAt: key.quotaResetAt };
  }

  override async refundQuota(id: string, calls = 1): Promise<void> {
    const key = this.byId.get(id);
    if (key && key.quotaLimit !== null)
      key.quotaRemaining = Math.min((key.quotaRemaining ?? 0) + calls, key.quotaLimit);
  }

  override async createTestKey(
    key: NewApiKey & { id: string; ownerWallet: string },
  ): Promise<{ created: ApiKeyRecord } | { liveUntil: Date }> {
    const claim = this.claims.get(key.ownerWallet);
    if (claim && claim.expiresAt.getTime() > this.clock.now().getTime()) return { liveUntil: claim.expiresAt };
    this.claims.set(key.ownerWallet, { keyId: key.id, expiresAt: key.expiresAt });
    return { created: await this.create(key) };
  }
}
