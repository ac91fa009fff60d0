import { Global, Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { PaymentVerifier } from './payment-verifier';
import { PlanPurchaseRepository } from './plan-purchase.repository';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';

/** Plan catalog and purchases (the repository is shared with /user/create-key). */
@Global()
@Module({
  imports: [ChainModule],
  providers: [PlanPurchaseRepository, PaymentVerifier, PlansService],
  exports: [PlanPurchaseRepository, PlansService],
})
export class PlansModule {}

/** Surface B's purchase route, mounted under SCANNER_BASE_PATH. */
@Module({ controllers: [PlansController] })
export class ScannerPlansModule {}
