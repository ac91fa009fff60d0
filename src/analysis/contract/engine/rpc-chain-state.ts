import { hexToBigInt, type Hex, type PublicClient } from 'viem';
import { withChainErrors } from '../../../chain/chain.errors';
import type { ChainKey } from '../../../config/app-config';
import {
  callKey,
  ChainStateReader,
  emptySnapshot,
  storageKey,
  type BlockContext,
  type StateRequest,
  type StateSnapshot,
} from './chain-state';

type RawBlock = { number: Hex; timestamp: Hex };

/**
 * Reads through the chain's viem client: every request of one read is issued in the same tick, so
 * the batching transport sends them as one JSON-RPC batch (one round trip). The first read also
 * fetches the head block, and every later read is pinned to it, so all executions see one state.
 */
export class RpcChainStateReader extends ChainStateReader {
  private head: BlockContext | null = null;

  constructor(private readonly params: { client: PublicClient; chain: ChainKey; chainId: number }) {
    super();
  }

  async read(request: StateRequest): Promise<StateSnapshot> {
    const { client, chain } = this.params;
    const tag: Hex | 'latest' = this.head ? `0x${this.head.number.toString(16)}` : 'latest';
    const calls = request.calls ?? [];
    const [block, storage, code, balance, results] = await withChainErrors(chain, () =>
      Promise.all([
        this.head
          ? null
          : (client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] }) as Promise<RawBlock>),
        Promise.all(
          request.storage.map((r) => client.request({ method: 'eth_getStorageAt', params: [r.address, r.slot, tag] })),
        ),
        Promise.all(request.code.map((a) => client.request({ method: 'eth_getCode', params: [a, tag] }))),
        Promise.all(request.balance.map((a) => client.request({ method: 'eth_getBalance', params: [a, tag] }))),
        Promise.all(
          calls.map((c) =>
            client.request({ method: 'eth_call', params: [{ to: c.to, data: c.data }, tag] }).catch(() => null),
          ),
        ),
      ]),
    );
    if (block)
      this.head = {
        number: hexToBigInt(block.number),
        timestamp: hexToBigInt(block.timestamp),
        chainId: BigInt(this.params.chainId),
      };
    const snapshot = emptySnapshot();
    request.storage.forEach((r, i) =>
      snapshot.storage.set(storageKey(r.address, BigInt(r.slot)), hexToBigInt(storage[i])),
    );
    request.code.forEach((a, i) => snapshot.code.set(a.toLowerCase(), code[i]));
    request.balance.forEach((a, i) => snapshot.balance.set(a.toLowerCase(), hexToBigInt(balance[i])));
    calls.forEach((c, i) => snapshot.calls.set(callKey(c.to, c.data), results[i] as Hex | null));
    return snapshot;
  }

  block(): BlockContext {
    if (!this.head) throw new Error('read() must run before block()');
    return this.head;
  }
}
