import { z } from 'zod';
import { PURCHASABLE_PLANS } from '../../../accounts/plans/plan-catalog';
import type { PlanOffer } from '../../../accounts/plans/plans.service';
import { component } from '../../shared/openapi/api-schemas';
import { address, chainKey, count, rateLimit, success } from './fields';

export const PlansResponseB = component(
  'PlansResponseB',
  z.object({
    success,
    plans: z.array(
      z.object({
        plan: z.enum(PURCHASABLE_PLANS).meta({ example: 'pro' }),
        price_usd: count(199).meta({ description: 'Paid in one of the chain’s accepted stablecoins, whole tokens' }),
        rate_limit: rateLimit,
        quota: count(300_000).meta({ description: 'Calls per month' }),
        valid_days: count(30).meta({ description: "The key's life from the paying block" }),
        watches: count(250).meta({ description: 'Tokens a key of the plan may watch at once (POST …/watches)' }),
      }),
    ),
    payment: z
      .array(
        z.object({
          chain: chainKey,
          chain_id: z.number().int().meta({ example: 1 }),
          treasury: address('0x70997970C51812dc3A010C7d01b50e0d17dc79C8').nullable().meta({
            description: 'Where to send the payment; null: payments are not set up on this chain (TREASURY_ADDRESS)',
          }),
          tokens: z.array(
            z.object({
              symbol: z.string().meta({ example: 'USDC' }),
              address: address('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
              decimals: count(6),
            }),
          ),
          confirmations: count(12).meta({ description: 'Blocks the payment must be buried under before it counts' }),
        }),
      )
      .meta({
        description:
          'The chains whose node this service reads; pay on one, then POST purchase-plan with its transaction hash',
      }),
  }),
);
export type PlansResponseB = z.output<typeof PlansResponseB>;

export function presentPlans(offer: PlanOffer): PlansResponseB {
  return {
    success: true,
    plans: offer.plans.map((p) => ({
      plan: p.name as (typeof PURCHASABLE_PLANS)[number],
      price_usd: p.priceUsd!,
      rate_limit: `${p.requestsPerMinute}/minute`,
      quota: p.quota ?? 0,
      valid_days: p.validityDays,
      watches: p.watches!,
    })),
    payment: offer.payment.map((t) => ({
      chain: t.chain,
      chain_id: t.chainId,
      treasury: t.treasury,
      tokens: t.tokens.map((token) => ({ symbol: token.symbol, address: token.address, decimals: token.decimals })),
      confirmations: t.confirmations,
    })),
  };
}
