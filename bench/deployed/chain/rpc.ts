import type { Hex } from 'viem';

/** A JSON-RPC error answer, with the revert data anvil attaches (`data`) when there is any. */
export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: unknown,
  ) {
    super(`${method}: ${rpcMessage}`);
  }
}

/** The request did not complete in time (or the connection failed). */
export class RpcTimeout extends Error {}

/**
 * Minimal JSON-RPC client for the eval chain: every call is bounded by a timeout, so a hostile
 * contract (or a wedged node) costs one row at most, never the run.
 */
export class EvalRpc {
  private nextId = 1;

  constructor(
    readonly url: string,
    readonly defaultTimeoutMs = 30_000,
  ) {}

  async call<T>(method: string, params: unknown[] = [], timeoutMs = this.defaultTimeoutMs): Promise<T> {
    const id = this.nextId++;
    let text: string;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string })?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new RpcTimeout(`${method}: no answer within ${timeoutMs} ms`);
      throw new RpcTimeout(`${method}: ${(err as Error).message}`);
    }
    let json: { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      throw new RpcError(method, -1, `unparseable answer: ${text.slice(0, 200)}`, undefined);
    }
    if (json.error) throw new RpcError(method, json.error.code, json.error.message, json.error.data);
    return json.result as T;
  }
}

/** The hex revert data carried by an eth_call / eth_estimateGas error, when there is any. */
export function revertData(err: unknown): Hex | undefined {
  if (!(err instanceof RpcError)) return undefined;
  const d = err.data;
  if (typeof d === 'string' && /^0x[0-9a-fA-F]*$/.test(d)) return d as Hex;
  if (d && typeof d === 'object' && typeof (d as { data?: unknown }).data === 'string')
    return (d as { data: Hex }).data;
  return undefined;
}

export const hexQty = (n: bigint | number): Hex => `0x${n.toString(16)}`;
