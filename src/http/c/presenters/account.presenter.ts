import { z } from 'zod';
import type { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { CHAIN_KEYS } from '../../../config/app-config';
import {
  ENDPOINT_TIERS,
  endpointsOf,
  TIER_NAMES,
  TIERS,
  type PlatformEndpoint,
} from '../../../platform/tiers/tier-catalog';
import type { TierStatus } from '../../../platform/tiers/tier.service';
import { chainIdField, component } from '../../shared/openapi/api-schemas';
import type { nonceFields } from '../../shared/presenters/account-fields';
import { addressField, timeField } from './answer-fields';

const ENDPOINTS = Object.keys(ENDPOINT_TIERS) as [PlatformEndpoint, ...PlatformEndpoint[]];
const tier = z.enum(TIER_NAMES);

const accountFields = {
  key_prefix: z.string().meta({ example: 'ta_1a2b3c4d' }),
  email: z.string().nullable().meta({ example: 'dev@example.com' }),
  wallet: addressField({
    example: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    description: 'The bound wallet, lower-case; null when none is',
  }).nullable(),
  tier: tier.meta({ example: 'silver' }),
  stake: z.object({
    amount: z.string().meta({ example: '1000000', description: 'Whole service tokens staked by the bound wallet' }),
    amount_raw: z.string().meta({ example: '1000000000000000000000000', description: 'Raw units (18 decimals)' }),
    chain: z.enum(CHAIN_KEYS).nullable().meta({
      example: 'eth',
      description: 'Where the stake is read; null (as vault and token) when staking is not configured',
    }),
    chain_id: chainIdField.nullable(),
    vault: addressField({ example: '0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1' }).nullable(),
    token: addressField({ example: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9' }).nullable(),
    block_number: z.number().int().nullable().meta({ example: 123, description: 'Block the stake was read at' }),
    read_at: timeField(),
  }),
  daily: z.object({
    limit: z.number().int().nullable().meta({ example: 2500, description: 'Calls per UTC day; null = unlimited' }),
    used: z.number().int().meta({ example: 12 }),
    remaining: z.number().int().nullable().meta({ example: 2488, description: 'null = unlimited' }),
    resets_at: timeField({ example: '2026-11-22T00:00:00.000Z', description: 'Next 00:00 UTC' }),
    counted_per: z
      .enum(['wallet', 'key'])
      .meta({ example: 'wallet', description: 'Counted per bound wallet (all its keys together) or per key' }),
  }),
  rate_limit_per_minute: z.number().int().meta({ example: 60 }),
  watch_limit: z.number().int().meta({ example: 250, description: "Tokens this key may watch at once (the tier's)" }),
  endpoints: z
    .array(z.enum(ENDPOINTS))
    .meta({ example: ['analyze/contract', 'analyze/token'], description: 'Metered endpoints this tier opens' }),
  next_tier: z
    .object({
      tier: tier.meta({ example: 'gold' }),
      required_stake: z
        .string()
        .meta({ example: '10000000', description: 'Whole service tokens the tier needs staked' }),
    })
    .nullable()
    .meta({ description: 'null at the highest tier' }),
};

export const AccountC = component('AccountC', z.object(accountFields));
export type AccountC = z.output<typeof AccountC>;

export const SignupC = component(
  'SignupC',
  z.object({
    api_key: z.string().meta({ example: `ta_${'0'.repeat(64)}`, description: 'Shown only once: store it' }),
    key_id: z.string().meta({ example: '8b2d0c9e-5f1a-4c5e-9a53-3c1c5f2b7e10' }),
    expires_at: timeField({ example: '2027-11-21T12:00:00.000Z' }),
    ...accountFields,
  }),
);
export type SignupC = z.output<typeof SignupC>;

export const SignupNonceC = component(
  'SignupNonceC',
  z.object({
    nonce: z.string().meta({ example: 'f3a9c2d1e0b4a5968778695a4b3c2d1e' }),
    expires_at: timeField({ example: '2026-11-21T12:05:00.000Z' }),
    domain: z.string().meta({ example: 'api.example.com' }),
    uri: z.string().meta({ example: 'https://api.example.com' }),
    chain_id: z.number().int().meta({ example: 1, description: 'The chain id the SIWE message names' }),
    message: z.string().optional().meta({ description: 'A ready-to-sign SIWE message; only when ?wallet= is given' }),
  }) satisfies z.ZodType<ReturnType<typeof nonceFields>>,
);
export type SignupNonceC = z.output<typeof SignupNonceC>;

export function presentAccount(key: ApiKeyRecord, status: TierStatus, usedToday: number): AccountC {
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
      chain_id: source?.chainId ?? null,
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
    watch_limit: status.tier.watches,
    endpoints: endpointsOf(status.tier.name),
    next_tier: next ? { tier: next, required_stake: TIERS[next].minStake.toString() } : null,
  };
}

export function presentSignup(apiKey: string, key: ApiKeyRecord, status: TierStatus): SignupC {
  return {
    api_key: apiKey,
    key_id: key.id,
    expires_at: key.expiresAt.toISOString(),
    ...presentAccount(key, status, 0),
  };
}
