import { Injectable } from '@nestjs/common';
import { ApiKeyRecord, ApiKeyRepository, NewApiKey } from '../api-key.repository';
import { PrismaService } from '../../prisma/prisma.service';

export interface ActivePlan {
  plan: string;
  expiresAt: Date;
}

export interface NewPurchase {
  wallet: string;
  plan: string;
  chain: string;
  txHash: string;
  logIndex: number;
  token: string;
  amount: bigint;
  blockNumber: bigint;
  expiresAt: Date;
}

/** The only door to plan_purchases. */
@Injectable()
export class PlanPurchaseRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly keys: ApiKeyRepository,
  ) {}

  /** The wallet's plans with an unexpired purchase, latest expiry per plan. */
  async activePlans(wallet: string, now: Date): Promise<ActivePlan[]> {
    const rows = await this.prisma.planPurchase.groupBy({
      by: ['plan'],
      where: { wallet, expiresAt: { gt: now } },
      _max: { expiresAt: true },
    });
    return rows.map((r) => ({ plan: r.plan, expiresAt: r._max.expiresAt! }));
  }

  /**
   * Claims the payment and issues its key in one transaction. The claim is an insert behind the unique
   * (chain, tx_hash, log_index): of any number of concurrent claims one inserts, the others find the
   * row once it commits and get the key prefix it issued instead.
   */
  async claimAndIssue(input: {
    purchase: NewPurchase;
    key: NewApiKey & { id: string };
  }): Promise<{ issued: ApiKeyRecord } | { usedBy: string }> {
    const p = input.purchase;
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.$queryRaw<Array<{ id: string }>>`
        INSERT INTO plan_purchases (id, wallet, plan, chain, tx_hash, log_index, token, amount, block_number, key_id, expires_at)
        VALUES (gen_random_uuid(), ${p.wallet}, ${p.plan}, ${p.chain}, ${p.txHash}, ${p.logIndex}, ${p.token},
                ${p.amount.toString()}::numeric, ${p.blockNumber}, ${input.key.id}::uuid, ${p.expiresAt})
        ON CONFLICT (chain, tx_hash, log_index) DO NOTHING
        RETURNING id`;
      if (claimed.length === 0) {
        const [used] = await tx.$queryRaw<Array<{ key_prefix: string }>>`
          SELECT k.key_prefix FROM plan_purchases p JOIN api_keys k ON k.id = p.key_id
          WHERE p.chain = ${p.chain} AND p.tx_hash = ${p.txHash} AND p.log_index = ${p.logIndex}`;
        return { usedBy: used?.key_prefix ?? 'unknown' };
      }
      return { issued: await this.keys.create(input.key, tx) };
    });
  }
}
