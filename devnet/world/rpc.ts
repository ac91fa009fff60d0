import type { Address, Hex } from 'viem';

export interface TxRequest {
  from: Address;
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
  nonce?: number;
}

interface RpcResponse {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** A JSON-RPC call as sent in a batch. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/**
 * Bare JSON-RPC client with batching. The world builder sends thousands of transactions; one
 * HTTP round trip per block (instead of per call) is what keeps a cold build fast.
 */
export class Rpc {
  private nextId = 1;

  constructor(readonly url: string) {}

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const res = (await this.postJson({ jsonrpc: '2.0', id: this.nextId++, method, params })) as RpcResponse;
    return unwrap<T>(res, method);
  }

  /** Sends calls in one request; results come back in call order. Throws on the first error. */
  async batch<T>(calls: RpcCall[]): Promise<T[]> {
    const out: T[] = [];
    // Chunked to keep request bodies reasonable.
    for (let i = 0; i < calls.length; i += 500) {
      const chunk = calls.slice(i, i + 500);
      const responses = await this.post(chunk);
      responses.forEach((r, j) => out.push(unwrap<T>(r, chunk[j].method)));
    }
    return out;
  }

  private async post(calls: RpcCall[]): Promise<RpcResponse[]> {
    const first = this.nextId;
    this.nextId += calls.length;
    const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, method: c.method, params: c.params }));
    const json = await this.postJson(body);
    if (!Array.isArray(json)) throw new Error(`RPC batch answered with ${JSON.stringify(json).slice(0, 200)}`);
    // Servers may answer batch entries in any order.
    return (json as RpcResponse[]).sort((a, b) => a.id - b.id);
  }

  private async postJson(body: unknown): Promise<unknown> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`RPC HTTP ${res.status} from ${this.url}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  }
}

function unwrap<T>(res: RpcResponse, method: string): T {
  if (res.error) {
    const err = new Error(`${method}: ${res.error.message}`) as Error & { data?: unknown };
    err.data = res.error.data;
    throw err;
  }
  return res.result as T;
}

export const toQuantity = (n: bigint | number): Hex => `0x${n.toString(16)}`;

/** eth_sendTransaction params: amounts as hex quantities, explicit gas so nothing is estimated. */
export function txParams(tx: TxRequest): Record<string, string> {
  const p: Record<string, string> = { from: tx.from, gas: toQuantity(tx.gas ?? 1_500_000n) };
  if (tx.to) p.to = tx.to;
  if (tx.data) p.data = tx.data;
  if (tx.value) p.value = toQuantity(tx.value);
  if (tx.nonce !== undefined) p.nonce = toQuantity(tx.nonce);
  return p;
}
