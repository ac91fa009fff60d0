import { Injectable } from '@nestjs/common';
import { ApiKeyService, IssuedKey } from '../api-key.service';
import { DAY_MS, Clock } from '../../common/clock';
import { AppError } from '../../common/errors/app-error';
import type { ChainKey } from '../../config/app-config';
import { PLAN_CATALOG, PURCHASABLE_PLANS, type Plan, type PurchasablePlan } from './plan-catalog';
import { PaymentVerifier, type PaymentTerms, type VerifiedPayment } from './payment-verifier';
import { PlanPurchaseRepository } from './plan-purchase.repository';
import { PaymentAlreadyUsedError } from './plans.errors';

export interface Purchase {
  issued: IssuedKey;
  payment: VerifiedPayment;
}

/** The purchasable plans, and how to pay on each chain that takes payments. */
export interface PlanOffer {
  plans: Plan[];
  payment: PaymentTerms[];
}

/** Buying a plan: verify the payment on chain, then claim it and issue its key exactly once. */
@Injectable()
export class PlansService {
  constructor(
    private readonly verifier: PaymentVerifier,
    private readonly purchases: PlanPurchaseRepository,
    private readonly keys: ApiKeyService,
    private readonly clock: Clock,
  ) {}

  /** What can be bought and how to pay for it on each of `chains` that has a node. */
  offer(chains: readonly ChainKey[]): PlanOffer {
    return {
      plans: PURCHASABLE_PLANS.map((name) => PLAN_CATALOG[name]),
      payment: chains.map((chain) => this.verifier.terms(chain)).filter((t): t is PaymentTerms => t !== null),
    };
  }

  async purchase(input: { wallet: string; plan: PurchasablePlan; txHash: string; chain: ChainKey }): Promise<Purchase> {
    const payment = await this.verifier.verify(input);
    const expiresAt = new Date(payment.blockTime.getTime() + PLAN_CATALOG[input.plan].validityDays * DAY_MS);
    if (expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new AppError(
        'validation',
        `This payment is more than ${PLAN_CATALOG[input.plan].validityDays} days old: its plan has run out`,
      );
    }
    const { apiKey, key } = this.keys.prepare({ plan: input.plan, ownerWallet: input.wallet, expiresAt });
    const outcome = await this.purchases.claimAndIssue({
      purchase: {
        wallet: input.wallet.toLowerCase(),
        plan: input.plan,
        chain: payment.chain,
        txHash: payment.txHash,
        logIndex: payment.logIndex,
        token: payment.token.address.toLowerCase(),
        amount: payment.amount,
        blockNumber: payment.blockNumber,
        expiresAt,
      },
      key,
    });
    if ('usedBy' in outcome) throw new PaymentAlreadyUsedError(outcome.usedBy);
    return { issued: { apiKey, record: outcome.issued }, payment };
  }
}
