import type { RawResult } from '../../chain/bounded-call';
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';

const MULTICALL3_ABI = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

export interface RawCall {
  target: Address;
  callData: Hex;
}

/**
 * Calldata of one Multicall3 aggregate3 with every call allowed to fail. Built by hand (not with
 * viem's multicall) so the caller can send it as a raw eth_call in the same tick as other
 * requests, which puts them all into one JSON-RPC batch.
 */
export function encodeAggregate3(calls: RawCall[]): Hex {
  return encodeFunctionData({
    abi: MULTICALL3_ABI,
    functionName: 'aggregate3',
    args: [calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.callData }))],
  });
}

export function decodeAggregate3(data: Hex): RawResult[] {
  const results = decodeFunctionResult({ abi: MULTICALL3_ABI, functionName: 'aggregate3', data });
  return results.map((result) => ({ success: result.success, returnData: result.returnData }));
}
