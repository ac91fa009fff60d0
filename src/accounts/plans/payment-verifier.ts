import { Injectable } from '@nestjs/common';
import {
  erc20Abi,
  formatUnits,
  getAddress,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import { ChainRegistry, type ChainContext } from '../../chain/chain-registry';
import { withChainErrors } from '../../chain/chain.errors';
import type { TokenFacts } from '../../chain/chain-facts';
import { AppConfig, type ChainKey } from '../../config/app-config';
import { PLAN_CATALOG, type PurchasablePlan } from './plan-catalog';
import {
  InsufficientPaymentError,
  PaymentFailedError,
  PaymentMismatchError,
  PaymentNotFoundError,
  PaymentPendingError,
  PaymentsNotConfiguredError,
} from './plans.errors';

export interface VerifiedPayment {
  chain: ChainKey;
  /** Lowercase: the same payment is one payment however its hash is spelled. */
  txHash: string;
  logIndex: number;
  token: TokenFacts;
  amount: bigint;
  from: string;
  blockNumber: bigint;
  blockTime: Date;
}

interface TransferLog {
  address: Address;
  logIndex: number;
  args: { from: Address; to: Address; value: bigint };
}

/** What a plan payment on one chain must be; `treasury` null when payments are not set up there. */
export interface PaymentTerms {
  chain: ChainKey;
  chainId: number;
  treasury: string | null;
  tokens: TokenFacts[];
  confirmations: number;
}

/**
 * Checks a plan payment on the chain itself: the transaction succeeded, is deep enough, and holds an
 * ERC-20 Transfer of an allow-listed stablecoin from the claimed wallet to the treasury, for at least
 * the plan's price. Each failure says which part is wrong.
 */
@Injectable()
export class PaymentVerifier {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly config: AppConfig,
  ) {}

  async verify(input: {
    chain: ChainKey;
    txHash: string;
    wallet: string;
    plan: PurchasablePlan;
  }): Promise<VerifiedPayment> {
    const context = this.chains.get(input.chain);
    const treasury = this.treasury(context);
    const hash = input.txHash.toLowerCase() as Hash;
    const { receipt, head } = await withChainErrors(input.chain, () => this.receipt(context, hash));
    if (receipt.status !== 'success') throw new PaymentFailedError();
    const required = this.confirmationsOn(context);
    const confirmations = Number(head - receipt.blockNumber) + 1;
    if (confirmations < required) {
      const missing = required - confirmations;
      throw new PaymentPendingError(missing, Math.max(1, Math.ceil((missing * context.facts.blockTimeMs) / 1000)));
    }
    const { log, token } = this.pickTransfer({ receipt, context, treasury, wallet: input.wallet, plan: input.plan });
    const block = await withChainErrors(input.chain, () =>
      context.client.getBlock({ blockNumber: receipt.blockNumber }),
    );
    return {
      chain: input.chain,
      txHash: hash,
      logIndex: log.logIndex,
      token,
      amount: log.args.value,
      from: log.args.from.toLowerCase(),
      blockNumber: receipt.blockNumber,
      blockTime: new Date(Number(block.timestamp) * 1000),
    };
  }

  /** The terms `verify` applies on `chain`, for people about to pay; null when the chain has no node configured. */
  terms(chain: ChainKey): PaymentTerms | null {
    if (!this.chains.configuredKeys().includes(chain)) return null;
    const context = this.chains.get(chain);
    let treasury: string | null;
    try {
      treasury = getAddress(this.treasury(context));
    } catch (err) {
      if (!(err instanceof PaymentsNotConfiguredError)) throw err;
      treasury = null;
    }
    return {
      chain,
      chainId: context.facts.chainId,
      treasury,
      tokens: context.facts.stablecoins,
      confirmations: this.confirmationsOn(context),
    };
  }

  private confirmationsOn(context: ChainContext): number {
    return this.config.paymentConfirmations ?? (context.servedByDevnet ? 1 : 12);
  }

  private async receipt(context: ChainContext, hash: Hash): Promise<{ receipt: TransactionReceipt; head: bigint }> {
    const [receipt, head] = await Promise.all([
      context.client.getTransactionReceipt({ hash }).catch((err: unknown) => {
        if (err instanceof TransactionReceiptNotFoundError) return null;
        throw err;
      }),
      context.client.getBlockNumber({ cacheTime: 0 }),
    ]);
    if (receipt) return { receipt, head };
    // No receipt: a known transaction is pending, an unknown one does not exist.
    const pending = await context.client.getTransaction({ hash }).catch((err: unknown) => {
      if (err instanceof TransactionNotFoundError) return null;
      throw err;
    });
    if (pending) throw new PaymentPendingError(Infinity, Math.ceil(context.facts.blockTimeMs / 1000) + 1);
    throw new PaymentNotFoundError(context.key);
  }

  private pickTransfer(input: {
    receipt: TransactionReceipt;
    context: ChainContext;
    treasury: string;
    wallet: string;
    plan: PurchasablePlan;
  }) {
    const tokens = new Map(input.context.facts.stablecoins.map((t) => [t.address.toLowerCase(), t]));
    const transfers = parseEventLogs({
      abi: erc20Abi,
      eventName: 'Transfer',
      logs: input.receipt.logs,
      strict: false,
    }) as unknown as TransferLog[];
    const allowed = transfers.filter((l) => tokens.has(l.address.toLowerCase()) && l.args.value !== undefined);
    if (allowed.length === 0) {
      const symbols = [...tokens.values()].map((t) => t.symbol).join(' or ');
      throw new PaymentMismatchError('token', `the transaction moves no ${symbols} on ${input.context.key}`);
    }
    const toTreasury = allowed.filter((l) => l.args.to.toLowerCase() === input.treasury);
    if (toTreasury.length === 0)
      throw new PaymentMismatchError('recipient', `the payment must go to the treasury ${getAddress(input.treasury)}`);
    const fromWallet = toTreasury.filter((l) => l.args.from.toLowerCase() === input.wallet.toLowerCase());
    if (fromWallet.length === 0)
      throw new PaymentMismatchError('sender', 'the payment was not sent by the wallet that claims it');
    // Several qualifying transfers in one transaction: the largest pays.
    const log = fromWallet.reduce((best, l) => (l.args.value > best.args.value ? l : best));
    const token = tokens.get(log.address.toLowerCase())!;
    const price = BigInt(PLAN_CATALOG[input.plan].priceUsd!) * 10n ** BigInt(token.decimals);
    if (log.args.value < price) {
      const fmt = (v: bigint) => formatUnits(v, token.decimals);
      throw new InsufficientPaymentError({
        paid: fmt(log.args.value),
        price: fmt(price),
        missing: fmt(price - log.args.value),
        symbol: token.symbol,
      });
    }
    return { log, token };
  }

  /** The devnet's own treasury (a chain fact) wins over TREASURY_ADDRESS, which serves real chains. */
  private treasury(context: ChainContext): string {
    if (context.servedByDevnet) {
      if (!context.facts.treasury)
        throw new PaymentsNotConfiguredError(context.key, 'the devnet manifest names no treasury');
      return context.facts.treasury.toLowerCase();
    }
    if (!this.config.treasuryAddress) throw new PaymentsNotConfiguredError(context.key);
    return this.config.treasuryAddress.toLowerCase();
  }
}
