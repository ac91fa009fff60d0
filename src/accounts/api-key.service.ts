import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { DAY_MS, Clock } from '../common/clock';
import { PLAN_CATALOG, PlanName } from './plans/plan-catalog';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key';
import { ApiKeyRecord, ApiKeyRepository, NewApiKey, type KeyTransaction } from './api-key.repository';
import { ExpiredApiKeyError, RevokedApiKeyError, TestKeyExistsError, UnknownApiKeyError } from './account.errors';

export interface IssuedKey {
  /** The full key: returned once, never stored. */
  apiKey: string;
  record: ApiKeyRecord;
}

export interface IssueKeyInput {
  plan: PlanName;
  ownerWallet?: string;
  clientName?: string;
  email?: string;
  intendedUsage?: string;
  /** Defaults to the plan's validity from now. */
  expiresAt?: Date;
}

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** Keys: issuing, authenticating, and the quota each call takes. */
const KEY_CACHE_MS = 2_000;

@Injectable()
export class ApiKeyService {
  private readonly recent = new LRUCache<string, ApiKeyRecord>({ max: 10_000, ttl: KEY_CACHE_MS });

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  async issue(input: IssueKeyInput): Promise<IssuedKey> {
    const { apiKey, key } = this.prepare(input);
    return { apiKey, record: await this.keys.create(key) };
  }

  /**
   * Issues a key and, in the same transaction, the caller's own rows for it (`alongside` gets the
   * transaction and the key's id): either both are stored or neither is.
   */
  async issueWith(
    input: IssueKeyInput,
    alongside: (tx: KeyTransaction, keyId: string) => Promise<unknown>,
  ): Promise<IssuedKey> {
    const { apiKey, key } = this.prepare(input);
    return { apiKey, record: await this.keys.createWith(key, (tx) => alongside(tx, key.id)) };
  }

  /** A new key and its row, not yet stored (the purchase flow stores it with the payment claim). */
  prepare(input: IssueKeyInput): { apiKey: string; key: NewApiKey & { id: string } } {
    const now = this.clock.now();
    const plan = PLAN_CATALOG[input.plan];
    const apiKey = generateApiKey(input.plan === 'test' ? 'test' : 'ta');
    const key = {
      id: randomUUID(),
      hash: hashApiKey(apiKey),
      prefix: displayPrefix(apiKey),
      plan: plan.name,
      ownerWallet: input.ownerWallet?.toLowerCase(),
      clientName: input.clientName,
      email: input.email,
      intendedUsage: input.intendedUsage,
      rateLimitPerMinute: plan.requestsPerMinute,
      quotaLimit: plan.quota,
      quotaResetAt: plan.quota !== null && plan.quotaPeriod === 'monthly' ? addMonths(now, 1) : null,
      expiresAt: input.expiresAt ?? new Date(now.getTime() + plan.validityDays * DAY_MS),
    };
    return { apiKey, key };
  }

  /** One live test key per wallet; a second request is refused with the first one's expiry. */
  async issueTestKey(wallet: string): Promise<IssuedKey> {
    const now = this.clock.now();
    const plan = PLAN_CATALOG.test;
    const apiKey = generateApiKey('test');
    const result = await this.keys.createTestKey({
      id: randomUUID(),
      hash: hashApiKey(apiKey),
      prefix: displayPrefix(apiKey),
      plan: 'test',
      ownerWallet: wallet.toLowerCase(),
      rateLimitPerMinute: plan.requestsPerMinute,
      quotaLimit: plan.quota,
      quotaResetAt: null,
      expiresAt: new Date(now.getTime() + plan.validityDays * DAY_MS),
    });
    if ('liveUntil' in result) throw new TestKeyExistsError(result.liveUntil);
    return { apiKey, record: result.created };
  }

  /**
   * The key's record, or the reason it cannot be used (each its own 401 message). Records are kept
   * in process for a few seconds: a hot key costs no lookup, and a revocation takes effect within
   * KEY_CACHE_MS. Quota is never read from here (it is counted by one statement in the database).
   */
  async authenticate(apiKey: string): Promise<ApiKeyRecord> {
    const hash = hashApiKey(apiKey);
    let record = this.recent.get(hash) ?? null;
    if (!record) {
      record = await this.keys.findByHash(hash);
      if (record) this.recent.set(hash, record);
    }
    if (!record) throw new UnknownApiKeyError();
    if (record.revokedAt) throw new RevokedApiKeyError();
    if (record.expiresAt.getTime() <= this.clock.now().getTime()) throw new ExpiredApiKeyError(record.expiresAt);
    return record;
  }

  listByWallet(wallet: string): Promise<ApiKeyRecord[]> {
    return this.keys.listByWallet(wallet.toLowerCase());
  }

  findById(id: string): Promise<ApiKeyRecord | null> {
    return this.keys.findById(id);
  }
}
