import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { CHAIN_KEYS, type ChainKey } from '../../../config/app-config';
import type {
  AiQueryRequest as AiQueryDtoShape,
  AiInsightsRequest as AiInsightsDtoShape,
} from '../../../platform/ai/ai.views';
import { ChainField } from '../../shared/validation';

export class AiQueryDto implements AiQueryDtoShape {
  @ApiProperty({
    example: 'Is CLEAN safe to buy?',
    minLength: 1,
    maxLength: 2000,
    description: 'Name tokens by address, by a listed symbol in capitals (CLEAN) or as $symbol',
  })
  @IsString({ message: 'question must be a string' })
  @Length(1, 2000, { message: 'question must be 1 to 2000 characters' })
  question!: string;

  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Continue a conversation of this key: a follow-up without a token is about the same token(s)',
  })
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
