import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PURCHASABLE_PLANS } from '../../../accounts/plans/plan-catalog';
import { IsAddress } from '../../shared/validation';

export class RecentCallsQuery {
  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: 'limit must be between 1 and 50' })
  @Max(50, { message: 'limit must be between 1 and 50' })
  limit: number = 10;
}

export class WalletQuery {
  @ApiProperty({ example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
  @IsAddress({ message: 'Invalid wallet address' })
  wallet!: string;
}

export class CreateKeyDto extends WalletQuery {
  @ApiProperty({ enum: PURCHASABLE_PLANS })
  @IsIn(PURCHASABLE_PLANS, { message: `plan must be one of ${PURCHASABLE_PLANS.join(', ')}` })
  plan!: (typeof PURCHASABLE_PLANS)[number];
}
