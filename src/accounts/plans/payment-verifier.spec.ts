import type { Address, Hash } from 'viem';
import { FakeChainRegistry, FakePaymentChain, FIXED_NOW, type FakeTransfer } from '../../../test/fakes';
import { USDC, WALLET } from '../../../test/factories';
import { MAINNET_CHAIN_FACTS } from '../../chain/chain-facts';
import type { ChainContext } from '../../chain/chain-registry';
import { loadConfig } from '../../config/app-config';
import { PaymentVerifier } from './payment-verifier';
import {
  InsufficientPaymentError,
  PaymentFailedError,
  PaymentMismatchError,
  PaymentNotFoundError,
  PaymentPendingError,
  PaymentsNotConfiguredError,
} from './plans.errors';

const TREASURY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const OTHER = '0x0000000000000000000000000000000000000001' as Address;
const DAI = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as Address;
const TX = `0x${'ab'.repeat(32)}` as Hash;
const MINED_AT = 90n;

/** A USDC (6 decimals) payment of `usdc` from the wallet to the treasury. */
const pay = (usdc: string, overrides: Partial<FakeTransfer> = {}): FakeTransfer => ({
  token: USDC,
  from: WALLET as Address,
  to: TREASURY,
  value: BigInt(Math.round(Number(usdc) * 1e6)),
  ...overrides,
});

function setup(config: { treasuryAddress?: string; paymentConfirmations?: number } = { treasuryAddress: TREASURY }) {
  const chain = new FakePaymentChain();
  chain.head = MINED_AT + 11n; // 12 confirmations: deep enough on a real chain
  const context: ChainContext = {
    key: 'eth',
    facts: {
      ...MAINNET_CHAIN_FACTS.eth,
      stablecoins: [{ symbol: 'USDC', address: USDC, decimals: 6 }],
      blockTimeMs: 12_000,
    },
    client: chain.client(),
    source: 'rpc',
    servedByDevnet: false,
  };
  const sut = new PaymentVerifier(
    new FakeChainRegistry([{ key: 'eth', chainId: 1 }], { eth: context }),
    loadConfig({}).with(config),
  );
  const verify = (overrides: Partial<{ txHash: string; wallet: string; plan: 'starter' | 'pro' | 'team' }> = {}) =>
    sut.verify({ chain: 'eth', txHash: TX, wallet: WALLET, plan: 'starter', ...overrides });
  return { sut, chain, verify };
}

describe('PaymentVerifier', () => {
  it('accepts a plan’s price in an allowed stablecoin, from the wallet to the treasury, 12 blocks deep', async () => {
    const { chain, verify } = setup();
    chain.mine(TX, { blockNumber: MINED_AT, transfers: [pay('49')], at: FIXED_NOW });
    await expect(
      verify({ txHash: TX.toUpperCase().replace('0X', '0x'), wallet: WALLET.toUpperCase().replace('0X', '0x') }),
    ).resolves.toEqual({
      chain: 'eth',
      txHash: TX,
      logIndex: 0,
      token: { symbol: 'USDC', address: USDC, decimals: 6 },
      amount: 49_000_000n,
      from: WALLET,
      blockNumber: MINED_AT,
      blockTime: FIXED_NOW,
    });
  });

  it('refuses too small a payment, saying what was paid, due and missing', async () => {
    const { chain, verify } = setup();
    chain.mine(TX, { blockNumber: MINED_AT, transfers: [pay('198.5')] });
    const refused = verify({ plan: 'pro' });
    await expect(refused).rejects.toBeInstanceOf(InsufficientPaymentError);
    await expect(refused).rejects.toMatchObject({
      kind: 'insufficient_payment',
      details: { paid: '198.5', price: '199', missing: '0.5', token: 'USDC' },
    });
  });

  it('counts the largest qualifying transfer when a transaction holds several', async () => {
    const { chain, verify } = setup();
    chain.mine(TX, { blockNumber: MINED_AT, transfers: [pay('10'), pay('499'), pay('1000', { to: OTHER }), pay('5')] });
    await expect(verify({ plan: 'team' })).resolves.toMatchObject({ amount: 499_000_000n, logIndex: 1 });
  });

  it('asks to wait for the confirmations missing, with a retry time from the block time', async () => {
    const { chain, verify } = setup();
    chain.mine(TX, { blockNumber: MINED_AT, transfers: [pay('49')] });
    chain.head = MINED_AT + 9n;
    const pending = verify();
    await expect(pending).rejects.toBeInstanceOf(PaymentPendingError);
    await expect(pending).rejects.toMatchObject({
      kind: 'conflict',
      retryAfter: 24,
      details: { missing_confirmations: 2 },
    });
  });

  it('takes the configured confirmations instead of 12', async () => {
    const { chain, verify } = setup({ treasuryAddress: TREASURY, paymentConfirmations: 1 });
    chain.mine(TX, { blockNumber: MINED_AT, transfers: [pay('49')] });
    chain.head = MINED_AT;
    await expect(verify()).resolves.toMatchObject({ amount: 49_000_000n });
  });

  it('tells a transaction still in the mempool from one that does not exist', async () => {
    const { chain, verify } = setup();
    chain.submit(TX);
    await expect(verify()).rejects.toMatchObject({
      constructor: PaymentPendingError,
      message: 'The payment is still pending: retry once it is mined',
      details: { missing_confirmations: null },
      retryAfter: 13,
    });
    await expect(verify({ txHash: `0x${'cd'.repeat(32)}` })).rejects.toThrow(new PaymentNotFoundError('eth'));
  });

  it('refuses a reverted transaction', async () => {
    const { chain, verify } = setup();
    chain.mine(TX, { blockNumber: MINED_AT, status: 'reverted', transfers: [] });
    await expect(verify()).rejects.toBeInstanceOf(PaymentFailedError);
  });

  it.each([
    ['token', pay('49', { token: DAI }), 'Wrong token: the transaction moves no USDC on eth'],
    ['recipient', pay('49', { to: OTHER }), `Wrong recipient: the payment must go to the treasury ${TREASURY}`],
    ['sender', pay('49', { from: OTHER }), 'Wrong sender: the payment was not sent by the wallet that claims it'],
  ])('names a wrong %s', async (what, transfer, message) => {
    const { chain, verify } = setup();
    chain.mine(TX, { blockNumber: MINED_AT, transfers: [transfer] });
    const refused = verify();
    await expect(refused).rejects.toBeInstanceOf(PaymentMismatchError);
    await expect(refused).rejects.toMatchObject({
      kind: 'validation',
      message,
      details: { field: 'transaction_hash', problem: `wrong_${what}` },
    });
  });

  it('refuses every payment on a real chain without a treasury address', async () => {
    const { chain, verify } = setup({});
    chain.mine(TX, { blockNumber: MINED_AT, transfers: [pay('49')] });
    await expect(verify()).rejects.toBeInstanceOf(PaymentsNotConfiguredError);
  });
});
