import { z } from 'zod';
import type { HolderSellCheck, HolderSellOutcome } from '../../../analysis/simulation/simulation.types';
import { component } from '../openapi/api-schemas';

// Real holders' sells, the same snake_case object on every surface (each registers its own component).

const OUTCOMES = [
  'sold',
  'part_only',
  'cannot_sell',
  'no_balance',
  'no_pool',
  'call_failed',
] as const satisfies readonly HolderSellOutcome[];
const EXAMPLE_HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .meta({ example: EXAMPLE_HOLDER });
const raw = (description: string) =>
  z.string().regex(/^\d+$/).nullable().meta({ example: '1000000000000000000000', description });

/** Registers the holders' sells schema as component `id` (HolderSellsA, HolderSellsB, HolderSellsC). */
export function holderSellsComponent(id: string) {
  return component(
    id,
    z
      .object({
        checked: z
          .number()
          .int()
          .min(0)
          .meta({ example: 16, description: 'Holders whose sell was simulated (those with a balance)' }),
        can_sell: z.number().int().min(0).meta({ example: 4 }),
        part_only: z
          .number()
          .int()
          .min(0)
          .meta({ example: 0, description: 'Only a hundredth of the holding could be sold: a size limit, not a trap' }),
        cannot_sell: z
          .number()
          .int()
          .min(0)
          .meta({ example: 12, description: 'Could not sell even a hundredth of what they hold' }),
        max_sell_tax: z
          .number()
          .nullable()
          .meta({ example: 0, description: 'The highest tax a holder’s sell paid, percent; null when nobody sold' }),
        holder_sell_blocked: z.boolean().meta({
          example: true,
          description:
            "At least half the holders asked (two or more) cannot sell any of their tokens. Either this or a fresh buyer's refused sell makes the honeypot verdict (is_honeypot); honeypot_reason names which, and the power that decides it where the code has one",
        }),
        detail: z.string().nullable().meta({
          example: '12 of 16 holders cannot sell any of their tokens (TRANSFER_FAILED), though a fresh buyer can',
        }),
        siphoned: z
          .array(
            z.object({
              address,
              indexed_balance: raw('What its Transfer logs say it holds, raw units'),
              balance: raw('What balanceOf says, raw units'),
            }),
          )
          .meta({
            description: 'Holders who hold less than their Transfer logs say: tokens taken without a Transfer event',
          }),
        holders: z
          .array(
            z.object({
              address,
              picked: z.array(z.enum(['largest', 'newest'])).meta({ example: ['largest'] }),
              outcome: z.enum(OUTCOMES).meta({ example: 'cannot_sell' }),
              balance: raw('balanceOf now, raw units; null when the call failed'),
              indexed_balance: raw('What its Transfer logs say it holds, raw units'),
              amount_in: raw('Tokens offered in the sell that counts (all, or the hundredth that went through)'),
              amount_out: raw('Quote token received, raw units'),
              tax: z
                .number()
                .nullable()
                .meta({ example: null, description: 'Percent lost between the router’s quote and what arrived' }),
              revert_reason: z.string().nullable().meta({ example: 'TRANSFER_FAILED' }),
              siphoned: z.boolean().meta({ example: false }),
            }),
          )
          .meta({
            description:
              'Up to 10 of the largest and 10 of the newest holders (pools, burn addresses and the token left out), each sold as itself with eth_call',
          }),
      })
      .nullable()
      .meta({
        description: 'Real holders’ sells; null when the check could not run (the holder index or the node failed)',
      }),
  );
}

export function presentHolderSells(
  check: HolderSellCheck | null | undefined,
): z.output<ReturnType<typeof holderSellsComponent>> {
  if (!check) return null;
  return {
    checked: check.checked,
    can_sell: check.canSell,
    part_only: check.partOnly,
    cannot_sell: check.cannotSell,
    max_sell_tax: check.maxSellTax,
    holder_sell_blocked: check.holderSellBlocked,
    detail: check.detail,
    siphoned: check.siphoned.map((s) => ({
      address: s.address,
      indexed_balance: s.indexedBalance,
      balance: s.balance,
    })),
    holders: check.holders.map((h) => ({
      address: h.address,
      picked: h.picked,
      outcome: h.outcome,
      balance: h.balance,
      indexed_balance: h.indexedBalance,
      amount_in: h.amountIn,
      amount_out: h.amountOut,
      tax: h.taxPercent,
      revert_reason: h.revertReason,
      siphoned: h.siphoned,
    })),
  };
}
