import { z } from 'zod';
import { CHAT_INTENTS } from '../../../analysis/ai/chat-intent';
import type { AiInsightsResponse, AiQueryResponse, ConcentrationLevel } from '../../../platform/ai/ai.views';
import type { LlmEngine } from '../../../providers/llm/llm-provider';
import { component } from '../../shared/openapi/api-schemas';
import {
  addressField,
  chainFields,
  liquidityStatus,
  RISK_FLAGS,
  riskLevel,
  timeField,
  chainFirst,
} from './answer-fields';

const ENGINES = ['llm', 'built-in'] as const satisfies readonly LlmEngine[];
const CONCENTRATION_LEVELS = [
  'EMPTY',
  'SINGLE_ASSET',
  'CONCENTRATED',
  'MODERATE',
  'DIVERSIFIED',
] as const satisfies readonly ConcentrationLevel[];
const WALLET = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const HONEY = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

const engineFields = {
  engine: z
    .enum(ENGINES)
    .meta({ example: 'built-in', description: 'Who wrote the text: the configured model or the built-in analyst' }),
  model: z.string().meta({ example: 'built-in-analyst' }),
  fallback_reason: z.string().optional().meta({
    description: 'Only when a configured model failed and the built-in analyst answered',
    example: 'llm is unavailable: it did not answer in time',
  }),
};

const AiToken = z.object({
  address: addressField(),
  name: z.string().meta({ example: 'Clean Token' }),
  symbol: z.string().meta({ example: 'CLEAN' }),
  service_score: z.number().int().meta({ example: 91 }),
  grade: z.string().meta({ example: 'A+', description: 'A+, A, B, C, D or F' }),
  honeypot: z.boolean().nullable().meta({ example: false, description: 'null when trading could not be simulated' }),
});

export const AiAnswerC = component(
  'AiAnswerC',
  z.object({
    ...chainFields,
    question: z.string().meta({ example: 'Is CLEAN safe to buy?' }),
    answer: z
      .string()
      .meta({ example: 'Clean Token (CLEAN) shows no critical or high risk: a simulated buy and sell went through.' }),
    intent: z.enum(CHAT_INTENTS).meta({ example: 'safety' }),
    tokens: z.array(AiToken).meta({ description: 'Tokens the answer rests on (their live analyses)' }),
    resolved_symbols: z
      .array(z.object({ symbol: z.string().meta({ example: 'CLEAN' }), address: addressField() }))
      .meta({ description: 'Symbols in the question and the addresses they were read as' }),
    ...engineFields,
    conversation_id: z
      .string()
      .meta({ example: '3fa85f64-5717-4562-b3fc-2c963f66afa6', description: 'Send it back to ask a follow-up' }),
    message_count: z
      .number()
      .int()
      .meta({ example: 2, description: 'Messages in the conversation, this answer included' }),
    answered_at: timeField(),
  }) satisfies z.ZodType<AiQueryResponse>,
);
export type AiAnswerC = z.output<typeof AiAnswerC>;

const Position = z.object({
  token: z.string().meta({ example: 'native', description: '`native` or the token address' }),
  symbol: z.string().meta({ example: 'ETH' }),
  value_usd: z.number().nullable().meta({ example: 30000, description: 'null when unpriced' }),
  share_percent: z.number().nullable().meta({ example: 80.5, description: 'Of the portfolio value' }),
});

const RiskyHolding = z.object({
  token: addressField({ example: HONEY }),
  symbol: z.string().meta({ example: 'HONEY' }),
  risk: riskLevel
    .nullable()
    .meta({ example: 'VERY_HIGH', description: "The token's overall risk; null when it could not be analysed" }),
  flags: z.array(z.enum(RISK_FLAGS)).meta({ example: ['honeypot', 'high_risk'] }),
  value_usd: z.number().nullable().meta({ example: 120 }),
  share_percent: z.number().nullable().meta({ example: 0.4 }),
});

const PortfolioLiquidity = z.object({
  token: addressField(),
  symbol: z.string().meta({ example: 'CLEAN' }),
  liquidity_usd: z.number().nullable().meta({ example: 250000, description: "The token's pools, USD" }),
  status: liquidityStatus.meta({ example: 'GOOD' }),
  position_to_liquidity_percent: z
    .number()
    .nullable()
    .meta({ example: 3.2, description: "The position's value over the token's pool liquidity, percent" }),
  exit_risk: z
    .boolean()
    .meta({ example: false, description: 'Thin liquidity (LOW, VERY_LOW, NONE), or a position ≥ 10% of the pools' }),
});

const Move = z.object({
  token: z.string().meta({ example: 'native', description: '`native` or the token address' }),
  symbol: z.string().meta({ example: 'ETH' }),
  price_change_24h_percent: z.number().nullable().meta({ example: -2.4 }),
  volume_24h_usd: z.number().nullable().meta({ example: 120000 }),
  notable: z.boolean().meta({ example: false, description: 'Moved ≥ 10% either way in 24 h' }),
});

export const PortfolioInsightsC = component(
  'PortfolioInsightsC',
  z.object({
    ...chainFields,
    wallet: addressField({ example: WALLET }),
    portfolio_value_usd: z.number().meta({ example: 30500.25 }),
    positions: z.array(Position).meta({ description: 'Native coin and tokens held, largest first' }),
    concentration: z.object({
      hhi: z.number().int().meta({
        example: 6800,
        description: 'Herfindahl–Hirschman index of the priced positions, 0–10,000 (10,000: one asset)',
      }),
      level: z
        .enum(CONCENTRATION_LEVELS)
        .meta({ example: 'CONCENTRATED', description: 'HHI ≥ 5,000 concentrated, ≥ 2,500 moderate' }),
      top_symbol: z.string().nullable().meta({ example: 'ETH', description: 'null when nothing held is priced' }),
      top_share_percent: z.number().meta({ example: 80.5 }),
    }),
    risky_tokens: z.array(RiskyHolding).meta({ description: 'Held tokens with a risk flag' }),
    value_at_risk_usd: z.number().meta({ example: 120, description: 'Value of the risky tokens, USD' }),
    value_at_risk_percent: z.number().meta({ example: 0.39 }),
    liquidity: z.array(PortfolioLiquidity).meta({ description: 'Each analysed token held: can the position be sold?' }),
    moves: z.array(Move).meta({ description: 'Market conditions of what is held (native coin: its wrapped token)' }),
    weighted_change_24h_percent: z.number().nullable().meta({
      example: -1.2,
      description: 'Value-weighted 24 h price change of the priced positions; null when none has one',
    }),
    activity: z
      .object({
        transfers_in: z.number().int().meta({ example: 3 }),
        transfers_out: z.number().int().meta({ example: 1 }),
        window_blocks: z.number().int().meta({ example: 50000 }),
      })
      .meta({ description: 'From the wallet analysis’ recent transfers (up to 20)' }),
    unanalysed_tokens: z
      .array(z.object({ token: addressField(), symbol: z.string().meta({ example: 'CLEAN' }) }))
      .meta({
        description:
          'Held tokens that could not be analysed just now (e.g. an upstream was saturated): value, risk and liquidity unknown',
      }),
    summary: z.string().meta({
      example: 'Wallet 0x9965…A4dc holds $30,500.25 across 3 position(s). …',
      description: 'The written analysis of these facts',
    }),
    ...engineFields,
    analysed_at: timeField(),
  }) satisfies z.ZodType<AiInsightsResponse>,
);
export type PortfolioInsightsC = z.output<typeof PortfolioInsightsC>;

export const presentAnswer = (view: AiQueryResponse): AiAnswerC => chainFirst(view);
export const presentInsights = (view: AiInsightsResponse): PortfolioInsightsC => chainFirst(view);
