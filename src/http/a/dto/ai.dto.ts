import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';
import type { ChainKey } from '../../../config/app-config';
import { A_CHAINS, TokenTargetA } from './scan.dto';
import { IsAddress, ChainField } from '../../shared/validation';

// Requests of surface A's research, x-analysis and chat (their answers: presenters/ai.schemas.ts).

export class TokenAiRequestDto extends TokenTargetA {}

export class ChatDto {
  @ApiProperty({ example: 'Is 0x5FbDB2315678afecb367f032d93F642f64180aa3 safe?', minLength: 1, maxLength: 2000 })
  @IsString({ message: 'message must be a string' })
  @Length(1, 2000, { message: 'message must be 1 to 2000 characters' })
  message!: string;

  @ApiPropertyOptional({
    example: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    description: 'The token asked about, when the message names none',
  })
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
