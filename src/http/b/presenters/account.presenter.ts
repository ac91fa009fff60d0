import { z } from 'zod';
import { IssuedKey } from '../../../accounts/api-key.service';
import { NonceGrant } from '../../../accounts/wallet-proof/wallet-proof.service';
import { component } from '../../shared/openapi/api-schemas';
import { nonceFields } from '../../shared/presenters/account-fields';
import { count, instant, planName, success } from './fields';

export const NonceResponseB = component(
  'NonceResponseB',
  z.object({
    success,
    nonce: z.string().meta({ example: 'f3a9c2d41b7e4c0d9a8b6e5f4c3d2b1a' }),
    expires_at: instant('2026-11-21T12:05:00.000Z').meta({
      description: 'The nonce is single-use and lives 5 minutes',
    }),
    domain: z.string().meta({ example: 'api.example.com', description: 'The SIWE domain the message must name' }),
    uri: z.string().meta({ example: 'https://api.example.com' }),
    chain_id: z.number().int().meta({ example: 1 }),
    message: z.string().optional().meta({ description: 'A ready-to-sign SIWE message, only when ?wallet= is given' }),
  }),
);
export type NonceResponseB = z.output<typeof NonceResponseB>;

export const TestKeyResponseB = component(
  'TestKeyResponseB',
  z.object({
    success,
    api_key: z.string().meta({ example: `test_${'0'.repeat(64)}`, description: 'Shown only once: store it' }),
    quota: count(10).meta({ description: 'Scans the key may make' }),
    expires_at: instant('2026-11-28T12:00:00.000Z'),
    plan: planName.meta({ example: 'test' }),
  }),
);
export type TestKeyResponseB = z.output<typeof TestKeyResponseB>;

export function presentTestKey({ apiKey, record }: IssuedKey): TestKeyResponseB {
  return {
    success: true,
    api_key: apiKey,
    quota: record.quotaLimit ?? 0,
    expires_at: record.expiresAt.toISOString(),
    plan: record.plan,
  };
}

export function presentNonce(grant: NonceGrant): NonceResponseB {
  return { success: true, ...nonceFields(grant) };
}
