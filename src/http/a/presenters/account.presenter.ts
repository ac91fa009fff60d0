import { z } from 'zod';
import { rateLimitText } from '../../shared/presenters/account-fields';
import { component } from '../../shared/openapi/api-schemas';
import { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { IssuedKey } from '../../../accounts/api-key.service';
import { PLAN_NAMES } from '../../../accounts/plans/plan-catalog';
import { isoTime } from './schema-fields';

const tier = z.enum(PLAN_NAMES).meta({ example: 'free' });
const rateLimit = z.string().meta({ example: '60/minute', description: 'Requests per minute allowed for this key' });

export const KeyIssuanceResponseA = component(
  'KeyIssuanceResponseA',
  z.object({
    success: z.literal(true),
    data: z.object({
      api_key: z
        .string()
        .meta({ example: `ta_${'9f86d081884c7d65'.repeat(4)}`, description: 'Shown only once: store it' }),
      client_id: z.uuid().meta({ example: '8b2d0c9e-5f1a-4c5e-9a53-3c1c5f2b7e10' }),
      rate_limit: rateLimit,
      tier,
      expires_at: isoTime().meta({ example: '2027-11-21T12:00:00.000Z' }),
    }),
  }),
);
export type KeyIssuanceResponseA = z.output<typeof KeyIssuanceResponseA>;

export const KeyValidationResponseA = component(
  'KeyValidationResponseA',
  z.object({
    success: z.literal(true),
    data: z.object({
      valid: z.literal(true).meta({ description: 'Always true: an invalid key is answered with 401' }),
      tier,
      rate_limit: rateLimit,
      expires_at: isoTime().meta({ example: '2027-11-21T12:00:00.000Z' }),
      remaining_quota: z
        .number()
        .int()
        .min(0)
        .nullable()
        .meta({ example: 9_990, description: 'Calls left in this quota period; null = unlimited' }),
    }),
  }),
);
export type KeyValidationResponseA = z.output<typeof KeyValidationResponseA>;

export function presentKeyIssuance({ apiKey, record }: IssuedKey): KeyIssuanceResponseA {
  return {
    success: true,
    data: {
      api_key: apiKey,
      client_id: record.id,
      rate_limit: rateLimitText(record),
      tier: record.plan,
      expires_at: record.expiresAt.toISOString(),
    },
  };
}

export function presentValidation(key: ApiKeyRecord): KeyValidationResponseA {
  return {
    success: true,
    data: {
      valid: true,
      tier: key.plan,
      rate_limit: rateLimitText(key),
      expires_at: key.expiresAt.toISOString(),
      remaining_quota: key.quotaRemaining,
    },
  };
}
