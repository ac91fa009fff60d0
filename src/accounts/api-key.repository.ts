import { Injectable } from '@nestjs/common';
import { PlanName } from './plans/plan-catalog';
import { PrismaService } from '../prisma/prisma.service';
import { Prisma } from '../prisma/generated/client';

/** A stored key as the domain sees it: never the hash. */
export interface ApiKeyRecord {
  id: string;
  prefix: string;
  plan: PlanName;
  ownerWallet: string | null;
  clientName: string | null;
  rateLimitPerMinute: number;
  /** Calls per quota period; null = unlimited. */
  quotaLimit: number | null;
  quotaRemaining: number | null;
  /** Null for quotas that never reset (test keys). */
  quotaResetAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface NewApiKey {
  id?: string;
  hash: string;
  prefix: string;
  plan: PlanName;
  ownerWallet?: string;
  clientName?: string;
  email?: string;
  intendedUsage?: string;
  rateLimitPerMinute: number;
  quotaLimit: number | null;
  quotaResetAt: Date | null;
  expiresAt: Date;
}

export type QuotaOutcome =
  /** `charged`: the ids that took a call, when the calls were given ids. */
  | { status: 'consumed'; taken: number; remaining: number; resetAt: Date | null; charged?: string[] }
  | { status: 'unlimited' }
  | { status: 'spent'; resetAt: Date | null; limit: number };

/** A monthly quota whose reset date has passed moves it forward by whole months (used where api_keys is `a`). */
const NEXT_RESET = Prisma.sql`CASE WHEN a.quota_reset_at <= now()
  THEN a.quota_reset_at + make_interval(months => (
    extract(year FROM age(now(), a.quota_reset_at)) * 12 + extract(month FROM age(now(), a.quota_reset_at)) + 1)::int)
  ELSE a.quota_reset_at END`;

const SELECT_FIELDS = {
  id: true,
  keyPrefix: true,
  plan: true,
  ownerWallet: true,
  clientName: true,
  rateLimitPerMinute: true,
  quotaLimit: true,
  quotaRemaining: true,
  quotaResetAt: true,
  expiresAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

type SelectedRow = { [K in keyof typeof SELECT_FIELDS]: unknown } & { keyPrefix: string; plan: string };

function toRecord(row: SelectedRow): ApiKeyRecord {
  const { keyPrefix, ...rest } = row as SelectedRow & Omit<ApiKeyRecord, 'prefix' | 'plan'>;
  return { ...(rest as Omit<ApiKeyRecord, 'prefix' | 'plan'>), prefix: keyPrefix, plan: row.plan as PlanName };
}

/** The transaction a new key is written in, handed to the caller's own writes (opaque above repositories). */
export type KeyTransaction = Prisma.TransactionClient;

/** The only door to api_keys and test_key_claims. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Writes a new key; inside `tx` when the caller's transaction must hold it too (a purchase claim). */
  async create(key: NewApiKey, tx: Prisma.TransactionClient = this.prisma): Promise<ApiKeyRecord> {
    const row = await tx.apiKey.create({ data: apiKeyData(key), select: SELECT_FIELDS });
    return toRecord(row);
  }

  /**
   * A new key and the caller's own rows in one transaction (a sign-up never leaves a key without its
   * account): `alongside` writes them with the transaction it is given.
   */
  async createWith(key: NewApiKey, alongside: (tx: KeyTransaction) => Promise<unknown>): Promise<ApiKeyRecord> {
    return this.prisma.$transaction(async (tx) => {
      const record = await this.create(key, tx);
      await alongside(tx);
      return record;
    });
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const row = await this.prisma.apiKey.findUnique({ where: { keyHash: hash }, select: SELECT_FIELDS });
    return row ? toRecord(row) : null;
  }

  async findById(id: string): Promise<ApiKeyRecord | null> {
    const row = await this.prisma.apiKey.findUnique({ where: { id }, select: SELECT_FIELDS });
    return row ? toRecord(row) : null;
  }

  async listByWallet(wallet: string): Promise<ApiKeyRecord[]> {
    const rows = await this.prisma.apiKey.findMany({
      where: { ownerWallet: wallet },
      select: SELECT_FIELDS,
      orderBy: { createdAt: 'desc' },
    });
    return rows.map(toRecord);
  }

  /**
   * Takes up to `wanted` calls from the key's quota (one per call, or a batch's worth), as many as
   * are left, in one statement: the row is locked while the available count is read, so concurrent
   * takers never get more than there is between them. A monthly quota whose reset date has passed is
   * refilled first, and its reset date moved forward by whole months, in the same statement.
   */
  async consumeQuota(id: string, wanted = 1, callIds?: readonly string[]): Promise<QuotaOutcome> {
    if (callIds) return this.chargeCalls(id, callIds);
    const rows = await this.prisma.$queryRaw<
      Array<{ taken: number; quota_remaining: number; quota_reset_at: Date | null }>
    >`
      WITH k AS (
        SELECT id, CASE WHEN quota_reset_at <= now() THEN quota_limit ELSE quota_remaining END AS avail
        FROM api_keys WHERE id = ${id}::uuid AND quota_limit IS NOT NULL FOR NO KEY UPDATE
      )
      UPDATE api_keys a SET
        quota_remaining = k.avail - LEAST(${wanted}::int, k.avail),
        quota_reset_at = ${NEXT_RESET}
      FROM k WHERE a.id = k.id AND k.avail > 0
      RETURNING LEAST(${wanted}::int, k.avail)::int AS taken, a.quota_remaining, a.quota_reset_at`;
    if (rows.length === 1)
      return {
        status: 'consumed',
        taken: rows[0].taken,
        remaining: rows[0].quota_remaining,
        resetAt: rows[0].quota_reset_at,
      };
    return this.notConsumed(id);
  }

  /** consumeQuota for calls with ids: chargeCallsOfKeys with one key. */
  private async chargeCalls(id: string, callIds: readonly string[]): Promise<QuotaOutcome> {
    const outcomes = await this.chargeCallsOfKeys(callIds.map((callId) => ({ keyId: id, callId })));
    return outcomes.get(id) ?? this.notConsumed(id);
  }

  /**
   * Takes quota for calls with ids, of many keys in one statement (a turn's calls, whichever keys they are
   * on): each key takes, in arrival order, as many of its calls as it has left, and each call taken leaves a
   * row in quota_charges in the same statement; a call whose row already exists (voided by its refund, which
   * overtook a charge the client had given up on) takes nothing. The keys' rows are locked in id order, so two
   * such statements never wait on each other in a cycle, and FOR NO KEY UPDATE (an UPDATE's own lock), which
   * the foreign-key checks of the call log's batch inserts (KEY SHARE, in their rows' order) do not wait on,
   * nor make it wait. Per key id, its outcome (`charged`: the ids that took a call).
   */
  async chargeCallsOfKeys(calls: ReadonlyArray<{ keyId: string; callId: string }>): Promise<Map<string, QuotaOutcome>> {
    const rows = await this.prisma.$queryRaw<
      Array<{ key_id: string; taken: number; quota_remaining: number; quota_reset_at: Date | null; charged: string[] }>
    >`
      WITH req AS (
        SELECT r.key_id, r.call_id, r.ord
        FROM unnest(${calls.map((c) => c.keyId)}::uuid[], ${calls.map((c) => c.callId)}::uuid[])
          WITH ORDINALITY AS r(key_id, call_id, ord)
      ), k AS (
        SELECT id, CASE WHEN quota_reset_at <= now() THEN quota_limit ELSE quota_remaining END AS avail
        FROM api_keys WHERE id IN (SELECT key_id FROM req) AND quota_limit IS NOT NULL
        ORDER BY id FOR NO KEY UPDATE
      ), charged AS (
        INSERT INTO quota_charges (call_id, key_id)
        SELECT r.call_id, r.key_id
        FROM (SELECT req.*, row_number() OVER (PARTITION BY req.key_id ORDER BY req.ord) AS n FROM req) r
        JOIN k ON k.id = r.key_id
        WHERE r.n <= k.avail ORDER BY r.ord
        ON CONFLICT (call_id) DO NOTHING
        RETURNING call_id, key_id
      ), per_key AS (
        SELECT key_id, count(*)::int AS taken, array_agg(call_id::text) AS charged FROM charged GROUP BY key_id
      )
      UPDATE api_keys a SET
        quota_remaining = k.avail - coalesce(p.taken, 0),
        quota_reset_at = ${NEXT_RESET}
      FROM k LEFT JOIN per_key p ON p.key_id = k.id
      WHERE a.id = k.id AND k.avail > 0
      RETURNING a.id::text AS key_id, coalesce(p.taken, 0) AS taken, a.quota_remaining, a.quota_reset_at,
        coalesce(p.charged, '{}') AS charged`;
    const outcomes = new Map<string, QuotaOutcome>();
    for (const row of rows)
      outcomes.set(row.key_id, {
        status: 'consumed',
        taken: row.taken,
        remaining: row.quota_remaining,
        resetAt: row.quota_reset_at,
        charged: row.charged,
      });
    for (const keyId of new Set(calls.map((c) => c.keyId)))
      if (!outcomes.has(keyId)) outcomes.set(keyId, await this.notConsumed(keyId));
    return outcomes;
  }

  /**
   * Deletes the quota charges recorded before `before`, `chunk` rows per statement (short locks, however
   * many there are). Returns how many went.
   */
  async pruneQuotaCharges(before: Date, chunk = 50_000): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.prisma.$executeRaw`
        DELETE FROM quota_charges WHERE call_id IN (
          SELECT call_id FROM quota_charges WHERE created_at < ${before} LIMIT ${chunk}
        )`;
      total += deleted;
      if (deleted < chunk) return total;
    }
  }

  private async notConsumed(id: string): Promise<QuotaOutcome> {
    const key = await this.prisma.apiKey.findUnique({
      where: { id },
      select: { quotaLimit: true, quotaResetAt: true },
    });
    if (!key || key.quotaLimit === null) return { status: 'unlimited' };
    return { status: 'spent', resetAt: key.quotaResetAt, limit: key.quotaLimit };
  }

  /**
   * Gives back calls taken by consumeQuota whose requests did not produce a result. With ids, each
   * call is voided once: a charge already made is given back, one not made yet (a statement still on
   * its way) is blocked, and a second refund of the same call does nothing, so it may be retried.
   */
  async refundQuota(id: string, calls = 1, callIds?: readonly string[]): Promise<void> {
    if (callIds) {
      await this.prisma.$executeRaw`
        WITH voided AS (
          INSERT INTO quota_charges (call_id, key_id, voided)
          SELECT c.call_id, ${id}::uuid, true FROM unnest(${[...callIds]}::uuid[]) AS c(call_id)
          ON CONFLICT (call_id) DO UPDATE SET voided = true WHERE quota_charges.voided = false
          RETURNING (xmax <> '0'::xid) AS was_charged
        )
        UPDATE api_keys SET quota_remaining = LEAST(quota_remaining + (SELECT count(*) FROM voided WHERE was_charged)::int, quota_limit)
        WHERE id = ${id}::uuid AND quota_limit IS NOT NULL`;
      return;
    }
    await this.prisma.$executeRaw`
      UPDATE api_keys SET quota_remaining = LEAST(quota_remaining + ${calls}::int, quota_limit)
      WHERE id = ${id}::uuid AND quota_limit IS NOT NULL`;
  }

  /**
   * Issues a test key for a wallet unless it holds a live one: the claim row is inserted, or taken over
   * from an expired claim, by one upsert; a live claim makes the upsert return nothing.
   * Returns the existing claim's expiry when refused.
   */
  async createTestKey(
    key: NewApiKey & { id: string; ownerWallet: string },
  ): Promise<{ created: ApiKeyRecord } | { liveUntil: Date }> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.$queryRaw<Array<{ wallet: string }>>`
        INSERT INTO test_key_claims (wallet, key_id, expires_at)
        VALUES (${key.ownerWallet}, ${key.id}::uuid, ${key.expiresAt})
        ON CONFLICT (wallet) DO UPDATE SET key_id = EXCLUDED.key_id, expires_at = EXCLUDED.expires_at
          WHERE test_key_claims.expires_at <= now()
        RETURNING wallet`;
      if (claimed.length === 0) {
        const live = await tx.testKeyClaim.findUniqueOrThrow({ where: { wallet: key.ownerWallet } });
        return { liveUntil: live.expiresAt };
      }
      return { created: await this.create(key, tx) };
    });
  }
}

/** The api_keys row for a new key. */
function apiKeyData(key: NewApiKey) {
  return {
    id: key.id,
    keyHash: key.hash,
    keyPrefix: key.prefix,
    plan: key.plan,
    ownerWallet: key.ownerWallet,
    clientName: key.clientName,
    email: key.email,
    intendedUsage: key.intendedUsage,
    rateLimitPerMinute: key.rateLimitPerMinute,
    quotaLimit: key.quotaLimit,
    quotaRemaining: key.quotaLimit,
    quotaResetAt: key.quotaResetAt,
    expiresAt: key.expiresAt,
  };
}
