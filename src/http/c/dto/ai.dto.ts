import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { CHAIN_KEYS, type ChainKey } from '../../../config/app-config';
import type { AiQueryRequest as AiQueryDtoShape, AiInsightsRequest as AiInsightsDtoShape, AiQueryResponse as AiQueryResponseShape, AiInsightsResponse as AiInsightsResponseShape, ConcentrationLevel } from '../../../platform/ai/ai.views';
import { ChainField } from '../../shared/validation';

export class AiQueryDto implements AiQueryDtoShape {
  @ApiProperty({ example: 'Is CLEAN safe to buy?', minLength: 1, maxLength: 2000, description: 'Name tokens by address, by a listed symbol in capitals (CLEAN) or as $symbol' })
  @IsString({ message: 'question must be a string' })
  @Length(1, 2000, { message: 'question must be 1 to 2000 characters' })
  question!: string;

  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';

  @ApiPropertyOptional({ format: 'uuid', description: 'Continue a conversation of this key: a follow-up without a token is about the same token(s)' })
  @IsOptional()
  @IsUUID('all', { message: 'conversation_id must be a UUID' })
  conversation_id?: string;
}

export class AiInsightsDto implements AiInsightsDtoShape {
  @ApiProperty({ example: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' })
  @IsString({ message: 'wallet must be an address' })
  wallet!: string;

  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';
}

class AiTokenView {
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
  @ApiProperty({ example: 'Clean Token' }) name!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: 91 }) service_score!: number;
  @ApiProperty({ example: 'A+' }) grade!: string;
  @ApiProperty({ example: false, nullable: true }) honeypot!: boolean | null;
}

class ResolvedSymbolView {
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
}

class EngineFields {
  @ApiProperty({ example: 'built-in', enum: ['llm', 'built-in'], description: 'Who wrote the text: the configured model or the built-in analyst' }) engine!: string;
  @ApiProperty({ example: 'built-in-analyst' }) model!: string;
  @ApiPropertyOptional({ description: 'Set when a configured model failed and the built-in analyst answered' }) fallback_reason?: string;
}

export class AiQueryResponse extends EngineFields implements AiQueryResponseShape {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: 'Is CLEAN safe to buy?' }) question!: string;
  @ApiProperty({ example: 'Clean Token (CLEAN) shows no critical or high risk: a simulated buy and sell went through.' }) answer!: string;
  @ApiProperty({ example: 'safety', enum: ['safety', 'taxes', 'holders', 'liquidity', 'price', 'compare', 'overview', 'unknown'] }) intent!: string;
  @ApiProperty({ type: [AiTokenView], description: 'Tokens the answer rests on (their live analyses)' }) tokens!: AiTokenView[];
  @ApiProperty({ type: [ResolvedSymbolView], description: 'Symbols in the question and the addresses they were read as' }) resolved_symbols!: ResolvedSymbolView[];
  @ApiProperty({ format: 'uuid' }) conversation_id!: string;
  @ApiProperty({ example: 2 }) message_count!: number;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) answered_at!: string;
}

class PositionView {
  @ApiProperty({ example: 'native', description: '`native` or the token address' }) token!: string;
  @ApiProperty({ example: 'ETH' }) symbol!: string;
  @ApiProperty({ example: 30000, nullable: true }) value_usd!: number | null;
  @ApiProperty({ example: 80.5, nullable: true }) share_percent!: number | null;
}

class ConcentrationView {
  @ApiProperty({ example: 6800, description: 'Herfindahl–Hirschman index of the priced positions, 0–10,000' }) hhi!: number;
  @ApiProperty({ example: 'CONCENTRATED', enum: ['EMPTY', 'SINGLE_ASSET', 'CONCENTRATED', 'MODERATE', 'DIVERSIFIED'], description: 'HHI ≥ 5,000 concentrated, ≥ 2,500 moderate' }) level!: ConcentrationLevel;
  @ApiProperty({ example: 'ETH', nullable: true }) top_symbol!: string | null;
  @ApiProperty({ example: 80.5 }) top_share_percent!: number;
}

class RiskyHoldingView {
  @ApiProperty() token!: string;
  @ApiProperty({ example: 'HONEY' }) symbol!: string;
  @ApiProperty({ example: 'VERY_HIGH', nullable: true }) risk!: string | null;
  @ApiProperty({ type: [String], example: ['honeypot', 'high_risk'] }) flags!: string[];
  @ApiProperty({ nullable: true }) value_usd!: number | null;
  @ApiProperty({ nullable: true }) share_percent!: number | null;
}

class LiquidityView {
  @ApiProperty() token!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: 250000, nullable: true }) liquidity_usd!: number | null;
  @ApiProperty({ example: 'GOOD' }) status!: string;
  @ApiProperty({ example: 3.2, nullable: true, description: "The position's value over the token's pool liquidity, percent" }) position_to_liquidity_percent!: number | null;
  @ApiProperty({ example: false, description: 'Thin liquidity, or a position ≥ 10% of the pools' }) exit_risk!: boolean;
}

class MoveView {
  @ApiProperty({ example: 'native' }) token!: string;
  @ApiProperty({ example: 'ETH' }) symbol!: string;
  @ApiProperty({ example: -2.4, nullable: true }) price_change_24h_percent!: number | null;
  @ApiProperty({ example: 120000, nullable: true }) volume_24h_usd!: number | null;
  @ApiProperty({ example: false, description: 'Moved ≥ 10% either way in 24 h' }) notable!: boolean;
}

class UnanalysedView {
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) token!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
}

class ActivityView {
  @ApiProperty({ example: 3 }) transfers_in!: number;
  @ApiProperty({ example: 1 }) transfers_out!: number;
  @ApiProperty({ example: 50000 }) window_blocks!: number;
}

export class AiInsightsResponse extends EngineFields implements AiInsightsResponseShape {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' }) wallet!: string;
  @ApiProperty({ example: 30500.25 }) portfolio_value_usd!: number;
  @ApiProperty({ type: [PositionView], description: 'Native coin and tokens held, largest first' }) positions!: PositionView[];
  @ApiProperty({ type: ConcentrationView }) concentration!: ConcentrationView;
  @ApiProperty({ type: [RiskyHoldingView] }) risky_tokens!: RiskyHoldingView[];
  @ApiProperty({ example: 0 }) value_at_risk_usd!: number;
  @ApiProperty({ example: 0 }) value_at_risk_percent!: number;
  @ApiProperty({ type: [LiquidityView] }) liquidity!: LiquidityView[];
  @ApiProperty({ type: [MoveView], description: 'Market conditions of what is held (native coin: its wrapped token)' }) moves!: MoveView[];
  @ApiProperty({ example: -1.2, nullable: true }) weighted_change_24h_percent!: number | null;
  @ApiProperty({ type: ActivityView, description: 'From the wallet analysis’ recent transfers (up to 20)' }) activity!: ActivityView;
  @ApiProperty({ type: [UnanalysedView], description: 'Held tokens that could not be analysed just now (e.g. an upstream was saturated): value, risk and liquidity unknown' })
  unanalysed_tokens!: UnanalysedView[];
  @ApiProperty({ example: 'Wallet 0x… holds $30,500.25 across 3 position(s).\n…', description: 'The written analysis of these facts' }) summary!: string;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) analysed_at!: string;
}
