import {
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import type { CompileResult } from '../compile';
import { Rpc, txParams, type TxRequest } from './rpc';

interface Queued {
  tx: TxRequest;
  expectRevert: boolean;
  label: string;
}

interface Receipt {
  transactionHash: Hex;
  status: Hex;
  contractAddress: Address | null;
  blockNumber: Hex;
}

/**
 * Block-at-a-time transaction engine over an anvil with automine off and FIFO ordering:
 * queue transactions, then `mine(timestamp)` sends them in order, mines one block at that
 * exact timestamp and checks every receipt. FIFO order lets a block hold dependent transactions
 * (e.g. add liquidity, then snipe it) in the order they were queued.
 */
export class Chain {
  readonly rpc: Rpc;
  private queue: Queued[] = [];
  /** Next nonce per sender, tracked here so anvil never has to guess from its pending pool. */
  private readonly nonces = new Map<string, number>();
  blockNumber = 0;

  constructor(
    url: string,
    readonly artifacts: CompileResult,
  ) {
    this.rpc = new Rpc(url);
  }

  abi(contract: string): Abi {
    const c = this.artifacts.contracts[contract];
    if (!c) throw new Error(`unknown contract ${contract}`);
    return c.abi;
  }

  /** Queues a contract call; `contract` names the ABI to encode with. */
  send(
    from: Address,
    contract: string,
    to: Address,
    functionName: string,
    args: readonly unknown[] = [],
    opts: { value?: bigint; gas?: bigint; expectRevert?: boolean } = {},
  ): void {
    const data = encodeFunctionData({ abi: this.abi(contract), functionName, args } as never);
    this.queue.push({
      tx: { from, to, data, value: opts.value, gas: opts.gas },
      expectRevert: opts.expectRevert ?? false,
      label: `${contract}.${functionName}`,
    });
  }

  /** Queues a plain native-coin transfer. */
  sendValue(from: Address, to: Address, value: bigint): void {
    this.queue.push({ tx: { from, to, value, gas: 21_000n }, expectRevert: false, label: 'transfer' });
  }

  /** Queues a deployment; the address is known after `mine` (see returned receipts). */
  deploy(from: Address, contract: string, args: readonly unknown[] = []): number {
    const c = this.artifacts.contracts[contract];
    const data = encodeDeployData({ abi: c.abi, bytecode: c.bytecode, args } as never);
    this.queue.push({ tx: { from, data, gas: 8_000_000n }, expectRevert: false, label: `deploy ${contract}` });
    return this.queue.length - 1;
  }

  /**
   * Queues a deployment and returns the address it will get (from the sender's next nonce), so
   * later transactions of the same block can already call it.
   */
  async deployAt(from: Address, contract: string, args: readonly unknown[] = []): Promise<Address> {
    const key = from.toLowerCase();
    if (!this.nonces.has(key))
      this.nonces.set(key, Number(await this.rpc.call<Hex>('eth_getTransactionCount', [from, 'latest'])));
    const nonce = this.nonces.get(key)! + this.queue.filter((q) => q.tx.from.toLowerCase() === key).length;
    this.deploy(from, contract, args);
    return getContractAddress({ from, nonce: BigInt(nonce) });
  }

  /** Sends everything queued, mines one block at `timestamp` and returns its receipts in queue order. */
  async mine(timestamp: number): Promise<Receipt[]> {
    const queued = this.queue;
    this.queue = [];
    await this.assignNonces(queued);
    // One request per tx, in order: anvil serves a batch concurrently, which would shuffle the
    // FIFO pool order and make blocks (and so the whole history) non-deterministic.
    const hashes: Hex[] = [];
    for (const q of queued) hashes.push(await this.rpc.call<Hex>('eth_sendTransaction', [txParams(q.tx)]));
    await this.rpc.call('evm_mine', [timestamp]);
    this.blockNumber += 1;
    const receipts = await this.rpc.call<Receipt[]>('eth_getBlockReceipts', [`0x${this.blockNumber.toString(16)}`]);
    if (receipts.length !== queued.length) {
      throw new Error(`block ${this.blockNumber}: ${receipts.length} of ${queued.length} txs included`);
    }
    receipts.forEach((r, i) => {
      const ok = r.status === '0x1';
      if (r.transactionHash !== hashes[i]) throw new Error(`block ${this.blockNumber}: receipt order mismatch`);
      if (ok === queued[i].expectRevert) {
        throw new Error(
          `block ${this.blockNumber}: ${queued[i].label} from ${queued[i].tx.from} ${ok ? 'succeeded, expected revert' : 'reverted'}`,
        );
      }
    });
    return receipts;
  }

  private async assignNonces(queued: Queued[]): Promise<void> {
    const unknown = [...new Set(queued.map((q) => q.tx.from.toLowerCase()))].filter((a) => !this.nonces.has(a));
    const counts = await this.rpc.batch<Hex>(
      unknown.map((a) => ({ method: 'eth_getTransactionCount', params: [a, 'latest'] })),
    );
    unknown.forEach((a, i) => this.nonces.set(a, Number(counts[i])));
    for (const q of queued) {
      const from = q.tx.from.toLowerCase();
      const nonce = this.nonces.get(from)!;
      q.tx.nonce = nonce;
      this.nonces.set(from, nonce + 1);
    }
  }

  /** eth_call at the latest block, decoded. */
  async read<T>(contract: string, to: Address, functionName: string, args: readonly unknown[] = []): Promise<T> {
    const abi = this.abi(contract);
    const data = encodeFunctionData({ abi, functionName, args } as never);
    const ret = await this.rpc.call<Hex>('eth_call', [{ to, data }, 'latest']);
    return decodeFunctionResult({ abi, functionName, data: ret } as never) as T;
  }
}
