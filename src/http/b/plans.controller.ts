import { rateLimitText } from '../shared/presenters/account-fields';
import { Body, Controller, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import { formatUnits } from 'viem';

import { ProvenWallet, WalletProofRequired } from '../shared/auth/wallet-proof.guard';
import { PurchasePlanDto, PurchaseResponse } from './dto/purchase-plan.dto';
import { Purchase, PlansService } from '../../accounts/plans/plans.service';

function presentPurchase({ issued, payment }: Purchase): PurchaseResponse {
  const { record } = issued;
  return {
    success: true,
    api_key: issued.apiKey,
    key_prefix: record.prefix,
    plan: record.plan,
    rate_limit: rateLimitText(record),
    quota: record.quotaLimit ?? 0,
    quota_reset_date: (record.quotaResetAt ?? record.expiresAt).toISOString(),
    expires_at: record.expiresAt.toISOString(),
    purchase: {
      chain: payment.chain,
      transaction_hash: payment.txHash,
      log_index: payment.logIndex,
      token: payment.token.symbol,
      amount: formatUnits(payment.amount, payment.token.decimals),
      block_number: Number(payment.blockNumber),
      paid_at: payment.blockTime.toISOString(),
    },
  };
}

/** Surface B: `POST /purchase-plan` (Low class, wallet proof). */
@ApiTags('B: plans')
@Controller('api/v1')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Post('purchase-plan')
  @WalletProofRequired()
  @ApiOperation({ summary: 'A key for a plan paid on chain (stablecoin transfer to the treasury), signed by the paying wallet' })
  @ApiCreatedResponse({ type: PurchaseResponse })
  @ApiBadRequestResponse({ description: 'Bad input, failed transaction, wrong token, recipient or sender' })
  @ApiPaymentRequiredResponse({ description: 'Paid too little (the body says how much is missing)' })
  @ApiNotFoundResponse({ description: 'No such transaction on that chain' })
  @ApiConflictResponse({ description: 'Not yet confirmed (retry), or the payment was already used' })
  async purchase(@Body() body: PurchasePlanDto, @ProvenWallet() wallet: string): Promise<PurchaseResponse> {
    return presentPurchase(await this.plans.purchase({ wallet, plan: body.plan, txHash: body.transaction_hash, chain: body.chain }));
  }
}
