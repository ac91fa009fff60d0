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

interface Answer {
  snapshot: StateSnapshot;
  head: BlockContext;
}

/**
 * Reads through the chain's viem client: every request of one read is issued in the same tick, so
 * the batching transport sends them as one JSON-RPC batch (one round trip). The first read also
 * fetches the head block, and every later read is pinned to it, so all executions see one state.
 *
 * `readAhead` sends the first read before the engine asks for it (with the token's own reads, before
 * its code is in). When the engine's first read asks for no more than that, it is answered from it
 * (the same calls at 'latest' with the head block, in one batch, as its own first read would have
 * been), with only the keys it asked for; otherwise, or when the read ahead failed, the read goes out
 * as without it: a read ahead that does not fit costs its calls, never an answer.
 */
export class RpcChainStateReader extends ChainStateReader {
  private head: BlockContext | null = null;
  private ahead: { request: StateRequest; answer: Promise<Answer | null> } | null = null;

  constructor(private readonly params: { client: PublicClient; chain: ChainKey; chainId: number }) {
    super();
  }

  /** Sends the first read now; the first `read` is answered from it when it asks for no more. */
  readAhead(request: StateRequest): void {
    if (this.head || this.ahead) throw new Error('readAhead() must come before any read');
    this.ahead = { request, answer: this.fetch(request, null).catch(() => null) };
  }

  async read(request: StateRequest): Promise<StateSnapshot> {
    const ahead = this.ahead;
    this.ahead = null;
    if (ahead && !this.head && covers(ahead.request, request)) {
      const answered = await ahead.answer;
      if (answered && !this.head) {
        this.head = answered.head;
        return only(answered.snapshot, request);
      }
    }
    const { snapshot, head } = await this.fetch(request, this.head);
    this.head ??= head;
    return snapshot;
  }

  private async fetch(request: StateRequest, pinned: BlockContext | null): Promise<Answer> {
    const { client, chain } = this.params;
    const tag: Hex | 'latest' = pinned ? `0x${pinned.number.toString(16)}` : 'latest';
    const calls = request.calls ?? [];
    const [block, storage, code, balance, results] = await withChainErrors(chain, () =>
      Promise.all([
        pinned
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
    const head = pinned ?? {
      number: hexToBigInt(block!.number),
      timestamp: hexToBigInt(block!.timestamp),
      chainId: BigInt(this.params.chainId),
    };
    const snapshot = emptySnapshot();
    request.storage.forEach((r, i) =>
      snapshot.storage.set(storageKey(r.address, BigInt(r.slot)), hexToBigInt(storage[i])),
    );
    request.code.forEach((a, i) => snapshot.code.set(a.toLowerCase(), code[i]));
    request.balance.forEach((a, i) => snapshot.balance.set(a.toLowerCase(), hexToBigInt(balance[i])));
    calls.forEach((c, i) => snapshot.calls.set(callKey(c.to, c.data), results[i] as Hex | null));
    return { snapshot, head };
  }

  block(): BlockContext {
    if (!this.head) throw new Error('read() must run before block()');
    return this.head;
  }
}

/** Whether every key `request` asks for is one `ahead` read. */
function covers(ahead: StateRequest, request: StateRequest): boolean {
  const storage = new Set(ahead.storage.map((r) => storageKey(r.address, BigInt(r.slot))));
  const code = new Set(ahead.code.map((a) => a.toLowerCase()));
  const balance = new Set(ahead.balance.map((a) => a.toLowerCase()));
  const calls = new Set((ahead.calls ?? []).map((c) => callKey(c.to, c.data)));
  return (
    request.storage.every((r) => storage.has(storageKey(r.address, BigInt(r.slot)))) &&
    request.code.every((a) => code.has(a.toLowerCase())) &&
    request.balance.every((a) => balance.has(a.toLowerCase())) &&
    (request.calls ?? []).every((c) => calls.has(callKey(c.to, c.data)))
  );
}

/** The part of a snapshot a request asked for: what its own read would have answered. */
function only(snapshot: StateSnapshot, request: StateRequest): StateSnapshot {
  const kept = emptySnapshot();
  for (const r of request.storage) {
    const key = storageKey(r.address, BigInt(r.slot));
    kept.storage.set(key, snapshot.storage.get(key)!);
  }
  for (const a of request.code) kept.code.set(a.toLowerCase(), snapshot.code.get(a.toLowerCase())!);
  for (const a of request.balance) kept.balance.set(a.toLowerCase(), snapshot.balance.get(a.toLowerCase())!);
  for (const c of request.calls ?? []) {
    const key = callKey(c.to, c.data);
    kept.calls.set(key, snapshot.calls.get(key)!);
  }
  return kept;
}
