import type { ChainKey } from '../../src/config/app-config';
import type { PurchasablePlan } from '../../src/accounts/plans/plan-catalog';
import { PaymentVerifier, VerifiedPayment } from '../../src/accounts/plans/payment-verifier';

type VerifyInput = { chain: ChainKey; txHash: string; wallet: string; plan: PurchasablePlan };

/** Answers every verification with the payment (or the error) a test gives it; records what it was asked. */
export class FakePaymentVerifier extends PaymentVerifier {
  readonly calls: VerifyInput[] = [];
  private outcome: VerifiedPayment | Error;

  constructor(outcome: VerifiedPayment | Error) {
    super(undefined as never, undefined as never);
    this.outcome = outcome;
  }

  answer(outcome: VerifiedPayment | Error): void {
    this.outcome = outcome;
  }

  override async verify(input: VerifyInput): Promise<VerifiedPayment> {
    this.calls.push(input);
    if (this.outcome instanceof Error) throw this.outcome;
    return this.outcome;
  }
}
