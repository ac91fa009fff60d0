import type { ApiKeyRecord } from '../../../accounts/api-key.repository';
import type { AccountResponse, SignupResponse } from '../dto/account.dto';
import { endpointsOf, TIER_NAMES, TIERS } from '../../../platform/tiers/tier-catalog';
import type { TierStatus } from '../../../platform/tiers/tier.service';

export function presentAccount(key: ApiKeyRecord, status: TierStatus, usedToday: number): AccountResponse {
  const limit = status.tier.dailyLimit;
  const next = TIER_NAMES[TIER_NAMES.indexOf(status.tier.name) + 1];
  const source = status.reading.source;
  return {
    key_prefix: key.prefix,
    email: status.email,
    wallet: status.wallet,
    tier: status.tier.name,
    stake: {
      amount: status.stakeWhole,
      amount_raw: status.reading.stake.toString(),
      chain: source?.chain ?? null,
      vault: source?.vault ?? null,
      token: source?.token ?? null,
      block_number: status.reading.blockNumber,
      read_at: status.reading.readAt.toISOString(),
    },
    daily: {
      limit,
      used: usedToday,
      remaining: limit === null ? null : Math.max(0, limit - usedToday),
      resets_at: status.resetsAt.toISOString(),
      counted_per: status.wallet ? 'wallet' : 'key',
    },
    rate_limit_per_minute: key.rateLimitPerMinute,
    endpoints: endpointsOf(status.tier.name),
    next_tier: next ? { tier: next, required_stake: TIERS[next].minStake.toString() } : null,
  };
}

export function presentSignup(apiKey: string, key: ApiKeyRecord, status: TierStatus): SignupResponse {
  return { api_key: apiKey, key_id: key.id, expires_at: key.expiresAt.toISOString(), ...presentAccount(key, status, 0) };
}
