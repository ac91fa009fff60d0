import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { chainKeyOf } from '../../../chain/chain-ids';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { BATCH_MAX_TOKENS } from '../../../analysis/batch/batch-scan.service';

/** One token of a batch: its address and chain are checked one by one, so a bad one fails only its own item. */
export class BatchTokenDto {
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
  @IsString({ message: 'each token needs contract_address as a string' })
  contract_address!: string;

  @ApiPropertyOptional({ default: 'eth', description: "One of the surface's chains, by key or chain id" })
  @IsOptional()
  @Transform(({ value }) => chainKeyOf(value))
  @IsString({ message: 'chain must be a string' })
  chain?: string;
}

/** The tokens of a batch call (A's /token/scan/batch, B's /token/analyze/batch). */
export class BatchTokensDto {
  @ApiProperty({
    type: [BatchTokenDto],
    minItems: 1,
    maxItems: BATCH_MAX_TOKENS,
    description: `1 to ${BATCH_MAX_TOKENS} tokens; results come back in this order`,
  })
  @IsArray({ message: 'tokens must be an array' })
  @ArrayMinSize(1, { message: 'tokens must not be empty' })
  @ArrayMaxSize(BATCH_MAX_TOKENS, { message: `tokens holds at most ${BATCH_MAX_TOKENS} entries` })
  // An array in place of a token would pass ValidateNested as an empty list of tokens.
  @IsObject({ each: true, message: 'each token must be an object: {"contract_address": …, "chain"?: …}' })
  @ValidateNested({ each: true })
  @Type(() => BatchTokenDto)
  tokens!: BatchTokenDto[];
}
