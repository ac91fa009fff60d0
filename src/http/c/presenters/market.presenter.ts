import { z } from 'zod';
import type { PriceResponse, TransferKind, WhalesResponse } from '../../../platform/market/market.views';
import { component } from '../../shared/openapi/api-schemas';
import { poolKindFields } from '../../shared/presenters/pool-kind';
import { addressField, chainFields, holderTags, timeField, whaleActivity, chainFirst } from './answer-fields';

const TRANSFER_KINDS = ['buy', 'sell', 'mint', 'burn', 'transfer'] as const satisfies readonly TransferKind[];
const POOL_ADDRESS = '0xaDaA1Ea0106589956419179E11c06891dDf4A789';
const HOLDER_ADDRESS = '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc';

export const MarketPriceC = component(
  'MarketPriceC',
  z.object({
    ...chainFields,
    symbol: z.string().meta({ example: 'CLEAN' }),
    address: addressField(),
    price_usd: z.number().meta({ example: 0.0123 }),
    change_24h_percent: z
      .number()
      .nullable()
      .meta({ example: -2.5, description: 'null when the price 24 h ago is unknown' }),
    pool: z
      .object({
        address: addressField({ example: POOL_ADDRESS }),
        dex: z.string().meta({ example: 'Uniswap V2' }),
        ...poolKindFields,
        pair: z.string().meta({ example: 'CLEAN/WETH' }),
        quote_symbol: z.string().meta({ example: 'WETH' }),
        quote_usd: z.number().nullable().meta({ example: 3000, description: "The quote token's USD price used" }),
        liquidity_usd: z.number().nullable().meta({ example: 120000.5 }),
      })
      .meta({
        description:
          'The deepest pool of any kind: the price is its spot price (V2 and Solidly reserves, V3 slot0) times the quote price',
      }),
    block: z
      .object({
        number: z.number().int().meta({ example: 42 }),
        time: timeField().nullable(),
      })
      .meta({ description: 'Block whose reserves gave the price' }),
    cached: z.boolean().meta({ example: false, description: 'Served from a report ≤ 15 s old' }),
  }) satisfies z.ZodType<PriceResponse>,
);
export type MarketPriceC = z.output<typeof MarketPriceC>;

const LargeTransfer = z.object({
  block_number: z.number().int().meta({ example: 1200 }),
  log_index: z.number().int().meta({ example: 3 }),
  time: timeField({ example: '2026-11-21T11:00:00.000Z' }),
  from: addressField({ example: POOL_ADDRESS.toLowerCase() }),
  to: addressField({ example: HOLDER_ADDRESS }),
  amount: z.string().meta({ example: '15000000', description: 'Whole tokens' }),
  percent_of_supply: z.number().meta({ example: 1.5 }),
  kind: z.enum(TRANSFER_KINDS).meta({
    example: 'buy',
    description:
      'From the pool = buy, to the pool = sell; from the zero address = mint, to the zero or a burn address = burn',
  }),
});

const HolderShift = z.object({
  address: addressField({ example: HOLDER_ADDRESS }),
  net_change: z
    .string()
    .meta({ example: '-15000000', description: 'Net whole tokens in (+) or out (−) over the window' }),
  balance: z.string().meta({ example: '5000000', description: 'Whole tokens held now' }),
  direction: z.enum(['accumulating', 'distributing']).meta({ example: 'distributing' }),
  tags: holderTags.meta({ example: [] }),
});

export const WhaleMovementsC = component(
  'WhaleMovementsC',
  z.object({
    ...chainFields,
    address: addressField(),
    symbol: z.string().meta({ example: 'CLEAN' }),
    window: z.object({
      from: timeField({ example: '2026-11-20T12:00:00.000Z' }),
      to: timeField(),
      to_block: z.number().int().meta({ example: 1234, description: 'Head block the transfer index reached' }),
      basis: z.string().meta({ example: '24 h of chain time ending at the indexed head block' }),
    }),
    thresholds: z.object({
      large_transfer_min: z.string().meta({
        example: '10000000',
        description: 'Whole tokens: a large transfer moves at least this (1% of supply)',
      }),
      holder_shift_min: z
        .string()
        .meta({ example: '10000000', description: 'Whole tokens: a holder shift is a net change of at least this' }),
    }),
    summary: z.object({
      large_transfers: z.number().int().meta({ example: 3 }),
      large_holders_moved: z
        .number()
        .int()
        .meta({ example: 2, description: 'Large holders whose balance changed in the window' }),
      whale_activity: whaleActivity,
    }),
    large_transfers: z.array(LargeTransfer).meta({ description: 'Up to 50, largest first' }),
    holder_shifts: z.array(HolderShift).meta({ description: 'Up to 50, largest net change first' }),
  }) satisfies z.ZodType<WhalesResponse>,
);
export type WhaleMovementsC = z.output<typeof WhaleMovementsC>;

export const presentPrice = (view: PriceResponse): MarketPriceC => chainFirst(view);
export const presentWhales = (view: WhalesResponse): WhaleMovementsC => chainFirst(view);
