import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { CHAT_INTENTS } from '../../../analysis/ai/chat-intent';
import type { ChainKey } from '../../../config/app-config';
import { A_CHAINS, TokenTargetA } from './scan.dto';
import { IsAddress, ChainField } from '../../shared/validation';

// Requests and OpenAPI response shapes of surface A's research, x-analysis and chat.

export class TokenAiRequestDto extends TokenTargetA {}

export class ChatDto {
  @ApiProperty({ example: 'Is 0x5FbDB2315678afecb367f032d93F642f64180aa3 safe?', minLength: 1, maxLength: 2000 })
  @IsString({ message: 'message must be a string' })
  @Length(1, 2000, { message: 'message must be 1 to 2000 characters' })
  message!: string;

  @ApiPropertyOptional({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3', description: 'The token asked about, when the message names none' })
  @IsOptional()
  @IsAddress({ message: 'Invalid contract address format' })
  contract_address?: string;

  @ChainField(A_CHAINS, { description: "Default: the conversation's chain, else eth" })
  chain?: ChainKey;

  @ApiPropertyOptional({ format: 'uuid', description: 'Continue this conversation (from an earlier answer)' })
  @IsOptional()
  @IsUUID('all', { message: 'conversation_id must be a UUID' })
  conversation_id?: string;
}

class AiTokenInfoA {
  @ApiProperty({ example: 'Honey Pot' }) name!: string;
  @ApiProperty({ example: 'HONEY' }) symbol!: string;
  @ApiProperty({ example: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707' }) contract_address!: string;
  @ApiProperty({ example: 'Ethereum' }) chain!: string;
}

class RiskItemA {
  @ApiProperty({ example: 'honeypot' }) id!: string;
  @ApiProperty({ example: 'CRITICAL', enum: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] }) severity!: string;
  @ApiProperty({ example: 'Honeypot: it cannot be sold' }) finding!: string;
  @ApiProperty({ example: 'it cannot be sold: a simulated sell reverted (TRANSFER_FAILED)' }) evidence!: string;
}

class OverviewA {
  @ApiProperty() summary!: string;
  @ApiProperty() description!: string;
}

class RecentActivityAiA {
  @ApiProperty() summary!: string;
  @ApiProperty({ nullable: true, example: 7 }) new_holders_24h!: number | null;
  @ApiProperty({ nullable: true, example: 0 }) large_transactions_24h!: number | null;
  @ApiProperty({ nullable: true }) volume_24h_usd!: number | null;
  @ApiProperty({ nullable: true }) price_change_24h_percent!: number | null;
  @ApiProperty({ nullable: true }) swaps_24h!: number | null;
}

class SentimentSectionA {
  @ApiProperty() available!: boolean;
  @ApiProperty() summary!: string;
  @ApiProperty({ nullable: true, example: 'POSITIVE' }) label!: string | null;
  @ApiProperty({ nullable: true, example: 0.42 }) score!: number | null;
  @ApiProperty({ nullable: true }) posts_24h!: number | null;
  @ApiProperty({ nullable: true, example: 'no social data provider is configured' }) reason!: string | null;
}

class TechnicalA {
  @ApiProperty() summary!: string;
  @ApiProperty({ nullable: true }) price_usd!: number | null;
  @ApiProperty({ nullable: true }) price_change_24h_percent!: number | null;
  @ApiProperty({ nullable: true }) liquidity_usd!: number | null;
  @ApiProperty({ nullable: true, example: 'GOOD' }) liquidity_status!: string | null;
  @ApiProperty({ nullable: true }) volume_24h_usd!: number | null;
  @ApiProperty({ nullable: true, description: '24 h volume / liquidity' }) volume_to_liquidity!: number | null;
}

class RiskAssessmentA {
  @ApiProperty({ example: 'VERY_HIGH' }) level!: string;
  @ApiProperty() summary!: string;
  @ApiProperty({ type: [RiskItemA] }) risks!: RiskItemA[];
}

class ResearchSectionsA {
  @ApiProperty({ type: OverviewA }) overview!: OverviewA;
  @ApiProperty({ type: RecentActivityAiA }) recent_activity!: RecentActivityAiA;
  @ApiProperty({ type: SentimentSectionA }) sentiment!: SentimentSectionA;
  @ApiProperty({ type: TechnicalA }) technical_analysis!: TechnicalA;
  @ApiProperty({ type: RiskAssessmentA }) risk_assessment!: RiskAssessmentA;
}

class ResearchDataA {
  @ApiProperty({ type: AiTokenInfoA }) token_info!: AiTokenInfoA;
  @ApiProperty({ example: 20 }) service_score!: number;
  @ApiProperty({ example: 'F' }) grade!: string;
  @ApiProperty({ example: '🔴 VERY HIGH RISK' }) recommendation!: string;
  @ApiProperty({ type: ResearchSectionsA }) research!: ResearchSectionsA;
  @ApiProperty({ description: 'The written report (markdown): by the model, or by the built-in analyst' }) report!: string;
  @ApiProperty({ enum: ['built-in', 'llm'] }) engine!: string;
  @ApiProperty({ example: 'built-in-analyst' }) model!: string;
  @ApiPropertyOptional({ description: 'Present when the configured model failed and the built-in analyst answered' }) fallback_reason?: string;
  @ApiProperty({ description: 'When the analysis the report rests on was made (ISO 8601)' }) analyzed_at!: string;
  @ApiProperty() generated_at!: string;
  @ApiProperty({ enum: ['FRESH', 'CACHED'] }) cache_status!: string;
}

export class ResearchResponseA {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: ResearchDataA }) data!: ResearchDataA;
}

class TrendsA {
  @ApiProperty({ nullable: true, example: 'RISING' }) direction!: string | null;
  @ApiProperty({ nullable: true }) posts_24h!: number | null;
  @ApiProperty({ nullable: true }) posts_previous_24h!: number | null;
}

class InfluencersA {
  @ApiProperty() posts!: number;
  @ApiProperty({ type: [String] }) influencers!: string[];
}

class EngagementA {
  @ApiProperty({ nullable: true }) posts_24h!: number | null;
  @ApiProperty({ nullable: true }) likes!: number | null;
  @ApiProperty({ nullable: true }) reposts!: number | null;
  @ApiProperty({ nullable: true }) replies!: number | null;
}

class SentimentScoreA {
  @ApiProperty({ example: 'POSITIVE' }) label!: string;
  @ApiProperty({ example: 0.42, description: '−1 (negative) .. 1 (positive)' }) score!: number;
}

class TopPostA {
  @ApiProperty() text!: string;
  @ApiProperty() author!: string;
  @ApiProperty({ nullable: true }) followers!: number | null;
}

class XAnalysisDataA {
  @ApiProperty({ type: AiTokenInfoA }) token_info!: AiTokenInfoA;
  @ApiProperty({ description: 'false: no social data; every measured field is then null and `reason` says why' }) available!: boolean;
  @ApiProperty({ nullable: true, example: null }) reason!: string | null;
  @ApiProperty({ nullable: true, example: 'devnet' }) source!: string | null;
  @ApiProperty({ nullable: true }) as_of!: string | null;
  @ApiProperty({ type: SentimentScoreA, nullable: true }) sentiment!: SentimentScoreA | null;
  @ApiProperty({ type: TrendsA, nullable: true }) trends!: TrendsA | null;
  @ApiProperty({ type: InfluencersA, nullable: true }) influencer_activity!: InfluencersA | null;
  @ApiProperty({ type: EngagementA, nullable: true }) engagement_volume!: EngagementA | null;
  @ApiProperty({ nullable: true }) social_score!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { website: 'https://example.org' } }) links!: Record<string, string>;
  @ApiProperty({ type: [TopPostA] }) top_posts!: TopPostA[];
  @ApiProperty() summary!: string;
}

export class XAnalysisResponseA {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: XAnalysisDataA }) data!: XAnalysisDataA;
}

class ChatTokenA {
  @ApiProperty() contract_address!: string;
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty() name!: string;
  @ApiProperty() symbol!: string;
  @ApiProperty() service_score!: number;
  @ApiProperty() grade!: string;
  @ApiProperty({ nullable: true, description: 'null: unknown (no simulation)' }) honeypot!: boolean | null;
}

class ChatDataA {
  @ApiProperty({ format: 'uuid' }) conversation_id!: string;
  @ApiProperty() answer!: string;
  @ApiProperty({ enum: CHAT_INTENTS }) intent!: string;
  @ApiProperty({ type: [ChatTokenA], description: 'The tokens the answer is about' }) tokens!: ChatTokenA[];
  @ApiProperty({ enum: ['built-in', 'llm'] }) engine!: string;
  @ApiProperty({ example: 'built-in-analyst' }) model!: string;
  @ApiPropertyOptional({ description: 'Present when the configured model failed and the built-in analyst answered' }) fallback_reason?: string;
  @ApiProperty({ description: 'Messages in the conversation, this exchange included' }) message_count!: number;
  @ApiProperty() timestamp!: string;
}

export class ChatResponseA {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: ChatDataA }) data!: ChatDataA;
}
