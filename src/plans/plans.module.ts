import { Global, Module } from '@nestjs/common';
import { PlanPurchaseRepository } from './plan-purchase.repository';

/** Plan catalog and purchases. */
@Global()
@Module({ providers: [PlanPurchaseRepository], exports: [PlanPurchaseRepository] })
export class PlansModule {}
