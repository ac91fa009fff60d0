import { z } from 'zod';
import { CHAT_INTENTS } from '../../../analysis/ai/chat-intent';
import { CHAIN_KEYS } from '../../../config/app-config';
import { chainIdField, component } from '../../shared/openapi/api-schemas';
import { address, CACHE_STATUSES, count, ENGINES, isoTime, score, SEVERITIES_A } from './schema-fields';

// Surface A's research report, social-media analysis and chat answer, as ai.presenter.ts builds them.

const HONEYPOT = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

const tokenInfo = {
  name: z.string().meta({ example: 'Honey Pot' }),
  symbol: z.string().meta({ example: 'HONEY' }),
  contract_address: address(HONEYPOT),
  chain: z.string().meta({
    example: 'Ethereum',
    description: "The long name of the chain that answered ('Local devnet' where the embedded devnet serves eth)",
  }),
  chain_id: chainIdField,
};

const engine = z
  .enum(ENGINES)
  .meta({ description: 'built-in: the built-in analyst wrote it; llm: the configured model' });
const model = z.string().meta({ example: 'built-in-analyst' });
const fallbackReason = z
  .string()
  .optional()
  .meta({ description: 'Present when the configured model failed and the built-in analyst answered' });
const usd = z.number().nullable().meta({ example: 1_250_000, description: 'US dollars; null when unknown' });
const percentChange = z.number().nullable().meta({ example: 4.56, description: 'Percent; null when unknown' });
const sentimentLabel = z.string().meta({ example: 'POSITIVE', description: 'POSITIVE, NEUTRAL or NEGATIVE' });
const sentimentScore = z.number().min(-1).max(1).meta({ example: 0.42, description: '−1 (negative) .. 1 (positive)' });

const ResearchSectionsA = z.object({
  overview: z.object({
    summary: z
      .string()
      .meta({ example: 'Honey Pot (HONEY) scores 20/100 (grade F, VERY HIGH RISK); overall risk VERY HIGH.' }),
    description: z.string(),
  }),
  recent_activity: z.object({
    summary: z.string(),
    new_holders_24h: count().nullable().meta({ example: 7 }),
    large_transactions_24h: count().nullable().meta({ example: 0 }),
    volume_24h_usd: usd,
    price_change_24h_percent: percentChange,
    swaps_24h: count().nullable().meta({ example: 42 }),
  }),
  sentiment: z.object({
    available: z.boolean(),
    summary: z.string(),
    label: sentimentLabel.nullable(),
    score: sentimentScore.nullable(),
    posts_24h: count().nullable().meta({ example: 18 }),
    reason: z.string().nullable().meta({
      example: 'no social data provider is configured',
      description: 'Why there is no sentiment; null when there is',
    }),
  }),
  technical_analysis: z.object({
    summary: z.string(),
    price_usd: usd.meta({ example: 1.23 }),
    price_change_24h_percent: percentChange,
    liquidity_usd: usd,
    liquidity_status: z.string().nullable().meta({
      example: 'GOOD',
      description: 'EXCELLENT, GOOD, MODERATE, LOW, VERY_LOW, NONE or UNKNOWN; null without market data',
    }),
    volume_24h_usd: usd,
    volume_to_liquidity: z.number().nullable().meta({ example: 0.036, description: '24 h volume / liquidity' }),
  }),
  risk_assessment: z.object({
    level: z.string().meta({ example: 'VERY_HIGH', description: 'VERY_LOW, LOW, MEDIUM, HIGH or VERY_HIGH' }),
    summary: z.string(),
    risks: z.array(
      z.object({
        id: z.string().meta({ example: 'honeypot' }),
        severity: z.enum(SEVERITIES_A).meta({ example: 'CRITICAL' }),
        finding: z.string().meta({ example: 'Honeypot: it cannot be sold' }),
        evidence: z.string().meta({ example: 'it cannot be sold: a simulated sell reverted (TRANSFER_FAILED)' }),
      }),
    ),
  }),
});

export const ResearchResponseA = component(
  'ResearchResponseA',
  z.object({
    success: z.literal(true),
    data: z.object({
      token_info: z.object(tokenInfo),
      service_score: score().meta({ example: 20 }),
      grade: z.string().meta({ example: 'F' }),
      recommendation: z.string().meta({ example: '🔴 VERY HIGH RISK' }),
      research: ResearchSectionsA,
      report: z
        .string()
        .meta({ description: 'The written report (markdown): by the model, or by the built-in analyst' }),
      engine,
      model,
      fallback_reason: fallbackReason,
      analyzed_at: isoTime().meta({ description: 'When the analysis the report rests on was made' }),
      generated_at: isoTime(),
      cache_status: z.enum(CACHE_STATUSES),
    }),
  }),
);
export type ResearchResponseA = z.output<typeof ResearchResponseA>;

export const XAnalysisResponseA = component(
  'XAnalysisResponseA',
  z.object({
    success: z.literal(true),
    data: z.object({
      token_info: z.object(tokenInfo),
      available: z
        .boolean()
        .meta({ description: 'false: no social data; every measured field is then null and `reason` says why' }),
      reason: z.string().nullable().meta({ example: null }),
      source: z.string().nullable().meta({ example: 'devnet', description: 'Which social source answered' }),
      as_of: isoTime().nullable().meta({ description: 'The moment the data describes' }),
      sentiment: z.object({ label: sentimentLabel, score: sentimentScore }).nullable(),
      trends: z
        .object({
          direction: z.string().nullable().meta({ example: 'RISING', description: 'RISING, STABLE or FALLING' }),
          posts_24h: count().nullable().meta({ example: 18 }),
          posts_previous_24h: count().nullable().meta({ example: 11 }),
        })
        .nullable(),
      influencer_activity: z
        .object({
          posts: count().meta({ example: 2 }),
          influencers: z.array(z.string()).meta({ example: ['@cryptowhale'] }),
        })
        .nullable(),
      engagement_volume: z
        .object({
          posts_24h: count().nullable(),
          likes: count().nullable(),
          reposts: count().nullable(),
          replies: count().nullable(),
        })
        .nullable(),
      social_score: score().nullable().meta({ example: 72 }),
      links: z.record(z.string(), z.string()).meta({
        example: { website: 'https://example.org', x: 'https://x.com/honeypot' },
        description: 'Links the project publishes, by kind',
      }),
      top_posts: z.array(
        z.object({
          text: z.string(),
          author: z.string().meta({ example: '@cryptowhale' }),
          followers: count().nullable().meta({ example: 120_000 }),
        }),
      ),
      summary: z.string(),
    }),
  }),
);
export type XAnalysisResponseA = z.output<typeof XAnalysisResponseA>;

export const ChatResponseA = component(
  'ChatResponseA',
  z.object({
    success: z.literal(true),
    data: z.object({
      conversation_id: z.uuid().meta({ description: 'Send it back to continue this conversation' }),
      answer: z.string(),
      intent: z.enum(CHAT_INTENTS),
      tokens: z
        .array(
          z.object({
            contract_address: address(HONEYPOT),
            chain: z.enum(CHAIN_KEYS).meta({ example: 'eth' }),
            chain_id: chainIdField,
            name: z.string().meta({ example: 'Honey Pot' }),
            symbol: z.string().meta({ example: 'HONEY' }),
            service_score: score().meta({ example: 20 }),
            grade: z.string().meta({ example: 'F' }),
            honeypot: z.boolean().nullable().meta({ description: 'null: unknown (no simulation)' }),
          }),
        )
        .meta({ description: 'The tokens the answer is about' }),
      engine,
      model,
      fallback_reason: fallbackReason,
      message_count: count().meta({ example: 2, description: 'Messages in the conversation, this exchange included' }),
      timestamp: isoTime(),
    }),
  }),
);
export type ChatResponseA = z.output<typeof ChatResponseA>;
