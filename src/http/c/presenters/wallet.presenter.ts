import { z } from 'zod';
import type { WalletAnalysisResponse } from '../../../platform/wallet/wallet.views';
import { component } from '../../shared/openapi/api-schemas';
import { addressField, chainFields, RISK_FLAGS, riskLevel, chainFirst } from './answer-fields';

const WALLET = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const HONEY = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

const Holding = z.object({
  address: addressField(),
  symbol: z.string().meta({ example: 'CLEAN' }),
  balance: z.string().meta({ example: '1500000', description: 'Whole tokens' }),
  price_usd: z.number().nullable().meta({ example: 0.0123, description: 'From the deepest DEX pool' }),
  value_usd: z.number().nullable().meta({ example: 18450 }),
  risk: riskLevel
    .nullable()
    .meta({ example: 'LOW', description: "The token's overall risk; null when it could not be analysed" }),
  flags: z.array(z.enum([...RISK_FLAGS, 'unpriced'])).meta({
    example: [],
    description:
      'What the token’s report says against it; `unpriced` when no pool gave it a price (or it could not be analysed)',
  }),
});

const Transfer = z.object({
  token: addressField(),
  symbol: z.string().meta({ example: 'CLEAN', description: 'Empty when the wallet no longer holds the token' }),
  direction: z.enum(['in', 'out']).meta({ example: 'in' }),
  counterparty: addressField({ example: '0xadaa1ea0106589956419179e11c06891ddf4a789' }),
  amount: z.string().meta({ example: '1500', description: 'Whole tokens' }),
  block_number: z.number().int().meta({ example: 120 }),
  tx_hash: z.string().meta({ example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' }),
});

const RiskFlagEntry = z.object({
  token: addressField({ example: HONEY }),
  symbol: z.string().meta({ example: 'HONEY' }),
  flag: z.enum(RISK_FLAGS).meta({ example: 'honeypot' }),
  detail: z.string().meta({ example: 'Tokens can be bought but not sold' }),
});

export const WalletAnalysisC = component(
  'WalletAnalysisC',
  z.object({
    ...chainFields,
    address: addressField({ example: WALLET }),
    native: z.object({
      symbol: z.string().meta({ example: 'ETH' }),
      balance: z.string().meta({ example: '10000.5', description: 'Whole coins' }),
      price_usd: z.number().nullable().meta({ example: 3000, description: "The wrapped native token's price" }),
      value_usd: z.number().nullable().meta({ example: 30001500 }),
    }),
    tokens: z
      .array(Holding)
      .meta({ description: 'Tokens the wallet touched or lists, with a positive balance; largest value first' }),
    portfolio_value_usd: z.number().meta({ example: 30020000.5, description: 'Native plus priced tokens, USD' }),
    recent_transfers: z.array(Transfer).meta({ description: 'Up to 20, newest first' }),
    risk_flags: z.array(RiskFlagEntry).meta({ description: 'One per flag of each held token' }),
    window: z.object({
      from_block: z.number().int().meta({ example: 100 }),
      to_block: z.number().int().meta({ example: 50100 }),
      basis: z
        .string()
        .meta({ example: 'Transfer logs of the last 50,000 blocks (about 7 days at 12 s) plus the chain token list' }),
    }),
  }) satisfies z.ZodType<WalletAnalysisResponse>,
);
export type WalletAnalysisC = z.output<typeof WalletAnalysisC>;

export const presentWallet = (view: WalletAnalysisResponse): WalletAnalysisC => chainFirst(view);
