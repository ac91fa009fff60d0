import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

export interface ActivePlan {
  plan: string;
  expiresAt: Date;
}

/** The only door to plan_purchases (issue of keys on purchase comes with the purchase flow). */
@Injectable()
export class PlanPurchaseRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The wallet's plans with an unexpired purchase, latest expiry per plan. */
  async activePlans(wallet: string, now: Date): Promise<ActivePlan[]> {
    const rows = await this.prisma.planPurchase.groupBy({
      by: ['plan'],
      where: { wallet, expiresAt: { gt: now } },
      _max: { expiresAt: true },
    });
    return rows.map((r) => ({ plan: r.plan, expiresAt: r._max.expiresAt! }));
  }
}
