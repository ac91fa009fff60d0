import { z } from 'zod';
import { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { IssuedKey } from '../../../accounts/api-key.service';
import { CallCounts, DailyCalls, RecentCall } from '../../../accounts/call-log/call-log.repository';
import { WalletUsage } from '../../../accounts/user.service';
import { component } from '../../shared/openapi/api-schemas';
import { rateLimitText } from '../../shared/presenters/account-fields';
import { address, count, instant, planName, rateLimit, success, WALLET_ADDRESS } from './fields';

const callCounts = {
  total_calls: count(42),
  calls_today: count(3),
  calls_this_month: count(40).meta({ description: 'Since the start of the UTC month' }),
};

export const UsageStatsResponseB = component(
  'UsageStatsResponseB',
  z.object({
    success,
    stats: z.object({
      ...callCounts,
      remaining_quota: count(7).nullable().meta({ description: 'null = unlimited' }),
      plan: planName.meta({ example: 'test' }),
      quota_reset_date: instant('2026-12-21T12:00:00.000Z').meta({
        description: "When the quota refills; for test keys, whose quota never refills, the key's expiry",
      }),
      calls_by_day: z
        .array(z.object({ day: z.string().meta({ example: '2026-11-21', description: 'A UTC day' }), calls: count(3) }))
        .meta({ description: 'The last 30 UTC days, oldest first, today last; days without calls included (0)' }),
    }),
  }),
);
export type UsageStatsResponseB = z.output<typeof UsageStatsResponseB>;

export const RecentCallsResponseB = component(
  'RecentCallsResponseB',
  z.object({
    success,
    calls: z
      .array(
        z.object({
          timestamp: instant('2026-11-21T12:00:00.000Z'),
          method: z.string().meta({ example: 'POST' }),
          endpoint: z.string().meta({ example: '/scanner/api/v1/token/analyze' }),
          status: z.number().int().meta({ example: 200 }),
          latency_ms: count(182),
        }),
      )
      .meta({ description: 'Latest first' }),
  }),
);
export type RecentCallsResponseB = z.output<typeof RecentCallsResponseB>;

const KeySummaryB = component(
  'KeySummaryB',
  z
    .object({
      key_prefix: z.string().meta({ example: 'ta_1a2b3c4d' }),
      plan: planName.meta({ example: 'pro' }),
      status: z.enum(['active', 'expired', 'revoked']),
      rate_limit: rateLimit,
      remaining_quota: count(299_000).nullable().meta({ description: 'null = unlimited' }),
      quota_reset_date: instant('2026-12-21T12:00:00.000Z')
        .nullable()
        .meta({ description: 'null for a quota that never refills (test keys)' }),
      created_at: instant('2026-11-21T12:00:00.000Z'),
      expires_at: instant('2026-12-21T12:00:00.000Z'),
    })
    .meta({ description: 'A key as listings show it: its prefix, never the key itself' }),
);

export const WalletKeysResponseB = component(
  'WalletKeysResponseB',
  z.object({
    success,
    wallet: address(WALLET_ADDRESS).meta({ description: 'The proven wallet, lowercase' }),
    keys: z.array(KeySummaryB),
  }),
);
export type WalletKeysResponseB = z.output<typeof WalletKeysResponseB>;

export const CreatedKeyResponseB = component(
  'CreatedKeyResponseB',
  z.object({
    success,
    api_key: z.string().meta({ example: `ta_${'0'.repeat(64)}`, description: 'Shown only once: store it' }),
    key: KeySummaryB,
  }),
);
export type CreatedKeyResponseB = z.output<typeof CreatedKeyResponseB>;

export const WalletStatsResponseB = component(
  'WalletStatsResponseB',
  z.object({
    success,
    wallet: address(WALLET_ADDRESS).meta({ description: 'The proven wallet, lowercase' }),
    stats: z.object({
      ...callCounts,
      keys: count(2).meta({ description: "The wallet's keys, whatever their status" }),
      active_keys: count(1),
      active_plans: z.array(z.string()).meta({ example: ['pro'], description: 'Plans with an unexpired purchase' }),
    }),
  }),
);
export type WalletStatsResponseB = z.output<typeof WalletStatsResponseB>;

export function keyStatus(key: ApiKeyRecord, now: Date): 'active' | 'expired' | 'revoked' {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function presentUsageStats({
  key,
  counts,
  daily,
}: {
  key: ApiKeyRecord;
  counts: CallCounts;
  daily: DailyCalls[];
}): UsageStatsResponseB {
  return {
    success: true,
    stats: {
      total_calls: counts.total,
      calls_today: counts.today,
      calls_this_month: counts.thisMonth,
      remaining_quota: key.quotaRemaining,
      plan: key.plan,
      quota_reset_date: (key.quotaResetAt ?? key.expiresAt).toISOString(),
      calls_by_day: daily,
    },
  };
}

export function presentRecentCalls(calls: RecentCall[]): RecentCallsResponseB {
  return {
    success: true,
    calls: calls.map((c) => ({
      timestamp: c.timestamp.toISOString(),
      method: c.method,
      endpoint: c.endpoint,
      status: c.status,
      latency_ms: c.latencyMs,
    })),
  };
}

/** A key as listings show it: never the key itself or its hash. */
function presentKeySummary(key: ApiKeyRecord, now: Date): z.output<typeof KeySummaryB> {
  return {
    key_prefix: key.prefix,
    plan: key.plan,
    status: keyStatus(key, now),
    rate_limit: rateLimitText(key),
    remaining_quota: key.quotaRemaining,
    quota_reset_date: key.quotaResetAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt.toISOString(),
  };
}

export function presentWalletKeys(wallet: string, keys: ApiKeyRecord[], now: Date): WalletKeysResponseB {
  return { success: true, wallet, keys: keys.map((k) => presentKeySummary(k, now)) };
}

export function presentCreatedKey(issued: IssuedKey, now: Date): CreatedKeyResponseB {
  return { success: true, api_key: issued.apiKey, key: presentKeySummary(issued.record, now) };
}

export function presentWalletStats(wallet: string, usage: WalletUsage, now: Date): WalletStatsResponseB {
  return {
    success: true,
    wallet,
    stats: {
      total_calls: usage.counts.total,
      calls_today: usage.counts.today,
      calls_this_month: usage.counts.thisMonth,
      keys: usage.keys.length,
      active_keys: usage.keys.filter((k) => keyStatus(k, now) === 'active').length,
      active_plans: usage.activePlans,
    },
  };
}
