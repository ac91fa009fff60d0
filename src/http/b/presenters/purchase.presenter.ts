import { z } from 'zod';
import { formatUnits } from 'viem';
import type { Purchase } from '../../../accounts/plans/plans.service';
import { component } from '../../shared/openapi/api-schemas';
import { rateLimitText } from '../../shared/presenters/account-fields';
import { chainKey, count, instant, planName, rateLimit, success } from './fields';

export const PurchaseResponseB = component(
  'PurchaseResponseB',
  z.object({
    success,
    api_key: z.string().meta({ example: `ta_${'0'.repeat(64)}`, description: 'Shown only once: store it' }),
    key_prefix: z.string().meta({ example: 'ta_1a2b3c4d' }),
    plan: planName.meta({ example: 'pro' }),
    rate_limit: rateLimit,
    quota: count(300_000).meta({ description: 'Calls per quota period' }),
    quota_reset_date: instant('2026-12-21T12:00:00.000Z'),
    expires_at: instant('2026-12-21T12:00:00.000Z'),
    purchase: z.object({
      chain: chainKey,
      transaction_hash: z.string().meta({ example: `0x${'ab'.repeat(32)}`, description: 'Lowercase' }),
      log_index: count(3).meta({ description: 'The transfer log that paid' }),
      token: z.string().meta({ example: 'USDC' }),
      amount: z.string().meta({ example: '199', description: 'Whole tokens (decimals applied), decimal text' }),
      block_number: z.number().int().meta({ example: 123_456 }),
      paid_at: instant('2026-11-21T11:59:48.000Z').meta({ description: "The paying block's time" }),
    }),
  }),
);
export type PurchaseResponseB = z.output<typeof PurchaseResponseB>;

export function presentPurchase({ issued, payment }: Purchase): PurchaseResponseB {
  const { record } = issued;
  return {
    success: true,
    api_key: issued.apiKey,
    key_prefix: record.prefix,
    plan: record.plan,
    rate_limit: rateLimitText(record),
    quota: record.quotaLimit ?? 0,
    quota_reset_date: (record.quotaResetAt ?? record.expiresAt).toISOString(),
    expires_at: record.expiresAt.toISOString(),
    purchase: {
      chain: payment.chain,
      transaction_hash: payment.txHash,
      log_index: payment.logIndex,
      token: payment.token.symbol,
      amount: formatUnits(payment.amount, payment.token.decimals),
      block_number: Number(payment.blockNumber),
      paid_at: payment.blockTime.toISOString(),
    },
  };
}
