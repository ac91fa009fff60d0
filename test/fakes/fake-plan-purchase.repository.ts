import { ApiKeyRecord, NewApiKey } from '../../src/accounts/api-key.repository';
import { ActivePlan, NewPurchase, PlanPurchaseRepository } from '../../src/accounts/plans/plan-purchase.repository';
import { FakeApiKeyRepository } from './fake-api-key.repository';

/**
 * plan_purchases in memory, unique on (chain, tx_hash, log_index) like the table; the key a claim
 * issues goes into the given key repository, as the real transaction inserts it into api_keys.
 */
export class FakePlanPurchaseRepository extends PlanPurchaseRepository {
  readonly purchases: Array<NewPurchase & { keyId: string }> = [];

  constructor(private readonly keyStore: FakeApiKeyRepository) {
    super(undefined as never, keyStore);
  }

  /** A purchase already made (no key issued through the fake). */
  seed(purchase: NewPurchase & { keyId?: string }): void {
    this.purchases.push({ keyId: 'seeded', ...purchase });
  }

  override async activePlans(wallet: string, now: Date): Promise<ActivePlan[]> {
    const latest = new Map<string, Date>();
    for (const p of this.purchases) {
      if (p.wallet !== wallet || p.expiresAt.getTime() <= now.getTime()) continue;
      const seen = latest.get(p.plan);
      if (!seen || p.expiresAt > seen) latest.set(p.plan, p.expiresAt);
    }
    return [...latest].map(([plan, expiresAt]) => ({ plan, expiresAt }));
  }

  override async claimAndIssue(input: {
    purchase: NewPurchase;
    key: NewApiKey & { id: string };
  }): Promise<{ issued: ApiKeyRecord } | { usedBy: string }> {
    const p = input.purchase;
    const used = this.purchases.find((x) => x.chain === p.chain && x.txHash === p.txHash && x.logIndex === p.logIndex);
    if (used) return { usedBy: this.keyStore.all().find((k) => k.id === used.keyId)?.prefix ?? 'unknown' };
    this.purchases.push({ ...p, keyId: input.key.id });
    return { issued: this.keyStore.insert(input.key) };
  }
}
