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
