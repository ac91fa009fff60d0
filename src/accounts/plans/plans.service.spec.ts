import {
  FakeApiKeyRepository,
  FakePaymentVerifier,
  FakePlanPurchaseRepository,
  FIXED_NOW,
  FixedClock,
} from '../../../test/fakes';
import { USDC, verifiedPayment, WALLET } from '../../../test/factories';
import { hashApiKey } from '../api-key';
import { ApiKeyService } from '../api-key.service';
import type { VerifiedPayment } from './payment-verifier';
import { InsufficientPaymentError, PaymentAlreadyUsedError, PaymentPendingError } from './plans.errors';
import { PlansService } from './plans.service';

const DAY_MS = 86_400_000;
const TX = `0x${'ab'.repeat(32)}`;

function setup(payment: VerifiedPayment | Error = verifiedPayment()) {
  const clock = new FixedClock();
  const keyRepo = new FakeApiKeyRepository(clock);
  const purchases = new FakePlanPurchaseRepository(keyRepo);
  const verifier = new FakePaymentVerifier(payment);
  const sut = new PlansService(verifier, purchases, new ApiKeyService(keyRepo, clock), clock);
  return { sut, clock, keyRepo, purchases, verifier };
}

const order = (overrides: Partial<{ wallet: string; plan: 'starter' | 'pro' | 'team'; txHash: string }> = {}) => ({
  wallet: WALLET,
  plan: 'starter' as const,
  txHash: TX,
  chain: 'eth' as const,
  ...overrides,
});

describe('PlansService.purchase', () => {
  it('verifies the payment for the wallet, plan and chain asked', async () => {
    const { sut, verifier } = setup();
    await sut.purchase(order({ plan: 'pro' }));
    expect(verifier.calls).toEqual([{ wallet: WALLET, plan: 'pro', txHash: TX, chain: 'eth' }]);
  });

  it('issues a key of the plan, owned by the wallet, valid 30 days from the payment’s block', async () => {
    const blockTime = new Date(FIXED_NOW.getTime() - 2 * DAY_MS);
    const { sut, keyRepo } = setup(verifiedPayment({ blockTime }));
    const { issued, payment } = await sut.purchase(
      order({ wallet: WALLET.toUpperCase().replace('0X', '0x'), plan: 'pro' }),
    );
    expect(issued.apiKey).toMatch(/^ta_[0-9a-f]{64}$/);
    expect(issued.record).toMatchObject({
      plan: 'pro',
      ownerWallet: WALLET,
      rateLimitPerMinute: 300,
      quotaLimit: 300_000,
      quotaRemaining: 300_000,
      expiresAt: new Date('2026-12-19T12:00:00.000Z'),
      quotaResetAt: new Date('2026-12-21T12:00:00.000Z'),
    });
    expect(payment.txHash).toBe(TX);
    expect(keyRepo.hashOf(issued.record.id)).toBe(hashApiKey(issued.apiKey));
  });

  it('records the purchase under the lower-case wallet and token, with the key it issued', async () => {
    const { sut, purchases } = setup();
    const { issued } = await sut.purchase(order({ wallet: WALLET.toUpperCase().replace('0X', '0x') }));
    expect(purchases.purchases).toEqual([
      {
        wallet: WALLET,
        plan: 'starter',
        chain: 'eth',
        txHash: TX,
        logIndex: 0,
        token: USDC.toLowerCase(),
        amount: 49_000_000n,
        blockNumber: 1_234n,
        expiresAt: new Date('2026-12-21T11:00:00.000Z'),
        keyId: issued.record.id,
      },
    ]);
  });

  it('refuses a payment already used, naming the key it issued, and issues nothing more', async () => {
    const { sut, keyRepo } = setup();
    const first = await sut.purchase(order());
    const again = sut.purchase(order({ plan: 'team' }));
    await expect(again).rejects.toBeInstanceOf(PaymentAlreadyUsedError);
    await expect(again).rejects.toMatchObject({
      kind: 'conflict',
      details: { key_prefix: first.issued.record.prefix },
    });
    expect(keyRepo.all()).toHaveLength(1);
  });

  it('refuses a payment older than the plan’s validity: its plan has already run out', async () => {
    const { sut, keyRepo, purchases } = setup(
      verifiedPayment({ blockTime: new Date(FIXED_NOW.getTime() - 30 * DAY_MS) }),
    );
    await expect(sut.purchase(order())).rejects.toMatchObject({
      kind: 'validation',
      message: 'This payment is more than 30 days old: its plan has run out',
    });
    expect(purchases.purchases).toHaveLength(0);
    expect(keyRepo.all()).toHaveLength(0);
  });

  it('accepts a payment one millisecond younger than the validity', async () => {
    const { sut } = setup(verifiedPayment({ blockTime: new Date(FIXED_NOW.getTime() - 30 * DAY_MS + 1) }));
    await expect(sut.purchase(order())).resolves.toMatchObject({
      issued: { record: { expiresAt: new Date(FIXED_NOW.getTime() + 1) } },
    });
  });

  it.each([
    ['too small', new InsufficientPaymentError({ paid: '48.5', price: '49', missing: '0.5', symbol: 'USDC' })],
    ['still pending', new PaymentPendingError(3, 36)],
  ])('passes on the verifier’s refusal of a payment %s, claiming nothing', async (_, error) => {
    const { sut, keyRepo, purchases } = setup(error);
    await expect(sut.purchase(order())).rejects.toBe(error);
    expect(purchases.purchases).toHaveLength(0);
    expect(keyRepo.all()).toHaveLength(0);
  });
});
