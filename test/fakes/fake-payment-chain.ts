import {
  encodeAbiParameters,
  pad,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface FakeTransfer {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

interface FakeTx {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  transfers: FakeTransfer[];
}

/**
 * The four reads the payment verifier makes (receipt, head, pending transaction, block), answered
 * from memory: mined transactions with their ERC-20 Transfer logs, pending ones, and the chain head.
 */
export class FakePaymentChain {
  head = 100n;
  private readonly mined = new Map<string, FakeTx>();
  private readonly pending = new Set<string>();
  private readonly blockTimes = new Map<bigint, Date>();

  mine(
    hash: Hash,
    tx: { blockNumber?: bigint; status?: 'success' | 'reverted'; transfers: FakeTransfer[]; at?: Date },
  ): void {
    const blockNumber = tx.blockNumber ?? this.head;
    this.mined.set(hash.toLowerCase(), { status: tx.status ?? 'success', blockNumber, transfers: tx.transfers });
    if (tx.at) this.blockTimes.set(blockNumber, tx.at);
  }

  submit(hash: Hash): void {
    this.pending.add(hash.toLowerCase());
  }

  /** Typed as viem's client: only the methods the verifier calls exist. */
  client(): PublicClient {
    const client = {
      getTransactionReceipt: async ({ hash }: { hash: Hash }) => {
        const tx = this.mined.get(hash);
        if (!tx) throw new TransactionReceiptNotFoundError({ hash });
        return {
          status: tx.status,
          blockNumber: tx.blockNumber,
          transactionHash: hash,
          logs: tx.transfers.map((t, logIndex) => ({
            address: t.token.toLowerCase() as Address,
            topics: [TRANSFER_TOPIC, pad(t.from.toLowerCase() as Hex), pad(t.to.toLowerCase() as Hex)],
            data: encodeAbiParameters([{ type: 'uint256' }], [t.value]),
            logIndex,
            blockNumber: tx.blockNumber,
            transactionHash: hash,
          })),
        };
      },
      getBlockNumber: async () => this.head,
      getTransaction: async ({ hash }: { hash: Hash }) => {
        if (!this.pending.has(hash)) throw new TransactionNotFoundError({ hash });
        return { hash, blockNumber: null };
      },
      getBlock: async ({ blockNumber }: { blockNumber: bigint }) => ({
        number: blockNumber,
        timestamp: BigInt(Math.floor((this.blockTimes.get(blockNumber)?.getTime() ?? 0) / 1000)),
      }),
    };
    return client as unknown as PublicClient;
  }
}
