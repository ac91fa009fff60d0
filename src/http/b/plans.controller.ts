import { Body, Controller, Get, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { PlansService } from '../../accounts/plans/plans.service';
import { LimitPerIp } from '../shared/auth/ip-limit.guard';
import { ProvenWallet, WalletProofRequired } from '../shared/auth/wallet-proof.guard';
import { ApiResult } from '../shared/openapi/api-schemas';
import { PurchasePlanDto } from './dto/purchase-plan.dto';
import { B_CHAINS } from './dto/token.dto';
import { presentPlans, PlansResponseB } from './presenters/plans.presenter';
import { presentPurchase, PurchaseResponseB } from './presenters/purchase.presenter';

/** Surface B: `GET /plans` (public) and `POST /purchase-plan` (Low class, wallet proof). */
@ApiTags('B: plans')
@Controller('api/v1')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get('plans')
  @LimitPerIp('plans', 'low')
  @ApiOperation({
    operationId: 'getPlans',
    summary:
      'The plans for sale, their prices and limits, and how to pay on each chain (treasury, stablecoins, confirmations)',
  })
  @ApiResult(PlansResponseB)
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this address (Retry-After)' })
  plansForSale(): PlansResponseB {
    return presentPlans(this.plans.offer(B_CHAINS));
  }

  @Post('purchase-plan')
  @WalletProofRequired()
  @ApiOperation({
    operationId: 'purchasePlan',
    summary: 'A key for a plan paid on chain (stablecoin transfer to the treasury), signed by the paying wallet',
  })
  @ApiResult(PurchaseResponseB, { status: HttpStatus.CREATED, description: 'Created: the key of the plan bought' })
  @ApiBadRequestResponse({ description: 'Bad input, failed transaction, wrong token, recipient or sender' })
  @ApiPaymentRequiredResponse({ description: 'Paid too little (the body says how much is missing)' })
  @ApiNotFoundResponse({ description: 'No such transaction on that chain' })
  @ApiConflictResponse({ description: 'Not yet confirmed (retry), or the payment was already used' })
  async purchase(@Body() body: PurchasePlanDto, @ProvenWallet() wallet: string): Promise<PurchaseResponseB> {
    return presentPurchase(
      await this.plans.purchase({ wallet, plan: body.plan, txHash: body.transaction_hash, chain: body.chain }),
    );
  }
}
