import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsAddress } from '../validation';

export class OptionalWalletQuery {
  @ApiPropertyOptional({
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    description: 'Include a ready-to-sign message for this wallet',
  })
  @IsOptional()
  @IsAddress({ message: 'Invalid wallet address' })
  wallet?: string;
}
