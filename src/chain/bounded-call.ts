import { toHex, type Address, type Hex, type PublicClient } from 'viem';
import { classifyChainFailure } from './chain.errors';

/** Gas one view read of a contract we do not trust may burn: a view that loops spends this, not the node's whole call budget. */
export const VIEW_GAS = 1_000_000n;
/** Return data a view read keeps: no answer we read is longer, and a reply of a megabyte is not decoded. */
export const MAX_RETURN_BYTES = 4_096;

/** What one call answered: its return data (capped), or a failure. */
export interface RawResult {
  success: boolean;
  returnData: Hex;
}

/**
 * One eth_call with a gas cap, for reads of code we scan (which is hostile until shown otherwise).
 * Reads issued in the same tick go out as one JSON-RPC batch, yet each is bounded on its own: a read
 * the code reverts, or spends all its gas on, fails alone; a node that cannot serve the call throws
 * (the caller's chain error, a 503). Needs no Multicall3 on the chain.
 */
export function boundedCall(client: PublicClient, call: { to: Address; data: Hex }): Promise<RawResult> {
  return client
    .request({ method: 'eth_call', params: [{ to: call.to, data: call.data, gas: toHex(VIEW_GAS) }, 'latest'] })
    .then(
      (returnData) => ({ success: true, returnData: capped(returnData) }),
      (err: unknown) => {
        if (classifyChainFailure(err)) throw err;
        return { success: false, returnData: '0x' };
      },
    );
}

/** A reply past MAX_RETURN_BYTES keeps its head: enough for a number or an address, and never decoded as text. */
function capped(data: Hex): Hex {
  return data.length > 2 + MAX_RETURN_BYTES * 2 ? (data.slice(0, 2 + MAX_RETURN_BYTES * 2) as Hex) : data;
}
