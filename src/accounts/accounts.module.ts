import { Global, Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { AccountService } from './account.service';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyService } from './api-key.service';
import { CallLogRepository } from './call-log/call-log.repository';
import { CallHistoryRetentionService } from './call-log/call-history-retention.service';
import { CallRecorder } from './call-log/call-recorder';
import { KeyQuotaCounter } from './key-quota.counter';
import { QuotaCounter } from '../metering/counters';
import { PaymentVerifier } from './plans/payment-verifier';
import { PlanPurchaseRepository } from './plans/plan-purchase.repository';
import { PlansService } from './plans/plans.service';
import { UserService } from './user.service';
import { NonceRepository } from './wallet-proof/nonce.repository';
import { WalletProofService } from './wallet-proof/wallet-proof.service';

const SERVICES = [
  ApiKeyService,
  AccountService,
  CallRecorder,
  CallHistoryRetentionService,
  WalletProofService,
  PlansService,
  UserService,
];

/**
 * Accounts: keys, plans and their purchases, the call history and wallet proofs. The only writer of
 * their tables (its repositories are not exported). Global, because every surface authenticates.
 */
@Global()
@Module({
  imports: [ChainModule],
  providers: [
    ...SERVICES,
    { provide: QuotaCounter, useClass: KeyQuotaCounter },
    ApiKeyRepository,
    CallLogRepository,
    NonceRepository,
    PlanPurchaseRepository,
    PaymentVerifier,
  ],
  exports: [...SERVICES, QuotaCounter],
})
export class AccountsModule {}
