import { rateLimitText } from '../../shared/presenters/account-fields';

import { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { IssuedKey } from '../../../accounts/api-key.service';
import { CallCounts, RecentCall } from '../../../accounts/call-log/call-log.repository';
import { CreatedKeyResponse, RecentCallsResponse, UsageStatsResponse, WalletKeysResponse, WalletStatsResponse } from '../dto/user.dto';
import { WalletUsage } from '../../../accounts/user.service';

export function keyStatus(key: ApiKeyRecord, now: Date): 'active' | 'expired' | 'revoked' {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function presentUsageStats({ key, counts }: { key: ApiKeyRecord; counts: CallCounts }): UsageStatsResponse {
  return {
    success: true,
    stats: {
      total_calls: counts.total,
      calls_today: counts.today,
      calls_this_month: counts.thisMonth,
      remaining_quota: key.quotaRemaining,
      plan: key.plan,
      quota_reset_date: (key.quotaResetAt ?? key.expiresAt).toISOString(),
    },
  };
}

export function presentRecentCalls(calls: RecentCall[]): RecentCallsResponse {
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
function presentKeySummary(key: ApiKeyRecord, now: Date) {
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

export function presentWalletKeys(wallet: string, keys: ApiKeyRecord[], now: Date): WalletKeysResponse {
  return { success: true, wallet, keys: keys.map((k) => presentKeySummary(k, now)) };
}

export function presentCreatedKey(issued: IssuedKey, now: Date): CreatedKeyResponse {
  return { success: true, api_key: issued.apiKey, key: presentKeySummary(issued.record, now) };
}

export function presentWalletStats(wallet: string, usage: WalletUsage, now: Date): WalletStatsResponse {
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
