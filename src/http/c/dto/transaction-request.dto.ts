import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CHAIN_KEYS, type ChainKey } from '../../../config/app-config';
import {
  INTENTS,
  type Intent,
  type PrepareTransactionRequest as PrepareTransactionDtoShape,
  type SimulateTransactionRequest as SimulateTransactionDtoShape,
} from '../../../platform/transaction/transaction.views';
import { ChainField } from '../../shared/validation';

const DECIMAL = /^(0|[1-9]\d{0,40})(\.\d{1,36})?$/;
const INTEGER = /^(0|[1-9]\d{0,77})$/;
const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;

export class PrepareTransactionDto implements PrepareTransactionDtoShape {
  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';

  @ApiProperty({
    example: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    description: 'The wallet that will sign and send (any wallet; nothing is signed here)',
  })
  @IsString({ message: 'from must be an address' })
  from!: string;

  @ApiProperty({ enum: INTENTS, example: 'swap' })
  @IsIn(INTENTS, { message: `intent must be one of ${INTENTS.join(', ')}` })
  intent!: Intent;

  @ApiPropertyOptional({
    example: 'native',
    description:
      "Swap: what is sold; transfer: what is sent. `native` (or the chain's coin symbol, e.g. ETH), a token address or a listed symbol. Default native",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  token_in?: string;

  @ApiPropertyOptional({
    example: 'CLEAN',
    description: 'Swap only: what is bought (`native`, an address or a listed symbol)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  token_out?: string;

  @ApiProperty({
    example: '0.5',
    description: "Amount of token_in in whole units (decimal text, at most the token's decimals)",
  })
  @Matches(DECIMAL, { message: 'amount_in must be a positive decimal number as text, e.g. "1.5"' })
  amount_in!: string;

  @ApiPropertyOptional({
    example: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    description: 'Transfer: the recipient (required). Swap: who receives the output (default from)',
  })
  @IsOptional()
  @IsString({ message: 'to must be an address' })
  to?: string;

  @ApiPropertyOptional({
    example: 50,
    default: 50,
    minimum: 0,
    maximum: 5000,
    description: 'Swap: tolerated shortfall under the expected output, in basis points',
  })
  @IsOptional()
  @IsInt({ message: 'slippage_bps must be an integer' })
  @Min(0, { message: 'slippage_bps must be 0 to 5000' })
  @Max(5000, { message: 'slippage_bps must be 0 to 5000' })
  slippage_bps: number = 50;

  @ApiPropertyOptional({
    default: false,
    description: 'Prepare a swap of a token the engine found unsellable (honeypot) anyway; the warning is included',
  })
  @IsOptional()
  @IsBoolean({ message: 'allow_risky must be true or false' })
  allow_risky: boolean = false;
}

export class SimulateTransactionDto implements SimulateTransactionDtoShape {
  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';

  @ApiProperty({ example: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' })
  @IsString({ message: 'from must be an address' })
  from!: string;

  @ApiProperty({ example: '0x0B306BF915C4d645ff596e518fAf3F9669b97016' })
  @IsString({ message: 'to must be an address' })
  to!: string;

  @ApiPropertyOptional({ example: '0x', default: '0x', description: 'Calldata, 0x-prefixed hex' })
  @IsOptional()
  @Matches(HEX_DATA, { message: 'data must be 0x-prefixed hex with whole bytes' })
  @MaxLength(200_000)
  data?: string;

  @ApiPropertyOptional({ example: '0', default: '0', description: 'Native value in wei (integer as text)' })
  @IsOptional()
  @Matches(INTEGER, { message: 'value must be an integer number of wei as text' })
  value?: string;

  @ApiPropertyOptional({
    example: '300000',
    description: 'Gas limit (integer as text); default: as much as the block allows',
  })
  @IsOptional()
  @Matches(INTEGER, { message: 'gas must be an integer as text' })
  gas?: string;
}
