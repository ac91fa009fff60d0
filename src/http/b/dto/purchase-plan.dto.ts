import { B_CHAINS } from './token.dto';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import type { ChainKey } from '../../../config/app-config';
import { WalletQuery } from './user.dto';

import { PURCHASABLE_PLANS, type PurchasablePlan } from '../../../accounts/plans/plan-catalog';
import { ChainField } from '../../shared/validation';

export class PurchasePlanDto extends WalletQuery {
  @ApiProperty({ enum: PURCHASABLE_PLANS })
  @IsIn(PURCHASABLE_PLANS, { message: `plan must be one of ${PURCHASABLE_PLANS.join(', ')}` })
  plan!: PurchasablePlan;

  @ApiProperty({ example: `0x${'ab'.repeat(32)}`, description: 'Hash of the stablecoin transfer to the treasury' })
  @Matches(/^0x[0-9a-fA-F]{64}$/, { message: 'transaction_hash must be a 0x-prefixed 32-byte hash' })
  transaction_hash!: string;

  @ChainField(B_CHAINS, { description: 'Chain the payment was made on', default: 'eth' })
  chain: ChainKey = 'eth';
}

class PurchaseRecord {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty() transaction_hash!: string;
  @ApiProperty({ example: 3 }) log_index!: number;
  @ApiProperty({ example: 'USDC' }) token!: string;
  @ApiProperty({ example: '199' }) amount!: string;
  @ApiProperty({ example: 123456 }) block_number!: number;
  @ApiProperty() paid_at!: string;
}

export class PurchaseResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: `ta_${'0'.repeat(64)}`, description: 'Shown only once: store it' }) api_key!: string;
  @ApiProperty({ example: 'ta_1a2b3c4d' }) key_prefix!: string;
  @ApiProperty({ example: 'pro' }) plan!: string;
  @ApiProperty({ example: '300/minute' }) rate_limit!: string;
  @ApiProperty({ example: 300000 }) quota!: number;
  @ApiProperty() quota_reset_date!: string;
  @ApiProperty() expires_at!: string;
  @ApiProperty({ type: PurchaseRecord }) purchase!: PurchaseRecord;
}
