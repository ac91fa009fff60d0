import {
  decodeAbiParameters,
  encodeFunctionData,
  hexToBigInt,
  parseAbi,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { ChainUnavailableError, toChainError } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import type { TxCall } from './tx-encoding';

const MULTICALL3_BALANCE_ABI = parseAbi(['function getEthBalance(address addr) view returns (uint256 balance)']);

export interface SimLog {
  address: Address;
  topics: Hex[];
  data: Hex;
}

export interface SimCallResult {
  success: boolean;
  gasUsed: bigint | null;
  logs: SimLog[];
  revertReason: string | null;
}

export interface SequenceResult {
  calls: SimCallResult[];
  /** The sender's native balance before and after the calls (Multicall3.getEthBalance in the same block). */
  nativeBefore: bigint;
  nativeAfter: bigint;
  blockNumber: number | null;
}

/** The node has no eth_simulateV1 (or refused it): callers fall back to eth_call + eth_estimateGas. */
export class SimulateUnsupportedError extends Error {}

interface RawCall {
  status: Hex;
  gasUsed: Hex;
  returnData?: Hex;
  logs?: SimLog[];
  error?: { code?: number; message?: string; data?: Hex };
}

/**
 * Runs `calls` one after another from `from` in one simulated block on top of the latest (eth_simulateV1,
 * fees not charged), framed by two balance reads so the native change needs no tracing. One request.
 */
export async function simulateSequence(input: {
  chain: ChainKey;
  client: PublicClient;
  multicall3: Address;
  from: Address;
  calls: Array<TxCall & { gas?: bigint }>;
}): Promise<SequenceResult> {
  const { from, multicall3 } = input;
  const balanceCall = {
    from,
    to: multicall3,
    data: encodeFunctionData({ abi: MULTICALL3_BALANCE_ABI, functionName: 'getEthBalance', args: [from] }),
  };
  const txs = input.calls.map((c) => ({
    from,
    to: c.to,
    data: c.data,
    value: toHex(c.value),
    ...(c.gas ? { gas: toHex(c.gas) } : {}),
  }));
  let blocks: Array<{ number?: Hex; calls: RawCall[] }>;
  try {
    blocks = (await input.client.request({
      method: 'eth_simulateV1',
      params: [{ blockStateCalls: [{ calls: [balanceCall, ...txs, balanceCall] }], validation: false }, 'latest'],
    } as never)) as typeof blocks;
  } catch (err) {
    const mapped = toChainError(err, input.chain);
    if (mapped instanceof ChainUnavailableError) throw mapped;
    throw new SimulateUnsupportedError(firstLine(err));
  }
  const raw = blocks[0]?.calls ?? [];
  if (raw.length !== txs.length + 2)
    throw new SimulateUnsupportedError('eth_simulateV1 returned an unexpected number of calls');
  const balance = (c: RawCall) => (c.returnData && c.returnData.length >= 66 ? hexToBigInt(c.returnData) : 0n);
  return {
    calls: raw.slice(1, -1).map(toResult),
    nativeBefore: balance(raw[0]),
    nativeAfter: balance(raw[raw.length - 1]),
    blockNumber: blocks[0]?.number ? Number(hexToBigInt(blocks[0].number)) : null,
  };
}

function toResult(c: RawCall): SimCallResult {
  const success = hexToBigInt(c.status) === 1n;
  return {
    success,
    gasUsed: c.gasUsed ? hexToBigInt(c.gasUsed) : null,
    logs: success ? (c.logs ?? []) : [],
    revertReason: success ? null : revertReason(c.returnData ?? c.error?.data, c.error?.message),
  };
}

const PANICS: Record<number, string> = {
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division by zero',
  0x32: 'array index out of bounds',
};

/** Error(string) → its text; Panic(uint256) → what the code means; a custom error → its selector. */
export function revertReason(data: Hex | undefined, message?: string): string {
  if (data && data.startsWith('0x08c379a0') && data.length > 10) {
    try {
      return decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`)[0];
    } catch {
      return 'reverted with a malformed reason';
    }
  }
  if (data && data.startsWith('0x4e487b71') && data.length > 10) {
    const code = Number(hexToBigInt(`0x${data.slice(10)}`));
    return `panic 0x${code.toString(16)} (${PANICS[code] ?? 'unknown panic'})`;
  }
  if (data && data.length >= 10) return `custom error ${data.slice(0, 10)}`;
  if (message && !/^execution reverted$/i.test(message.trim()))
    return message.replace(/^execution reverted:?\s*/i, '').trim() || 'reverted without a reason';
  return 'reverted without a reason';
}

/** The revert data inside a viem error (it nests the node's answer a few causes deep). */
export function revertDataOf(err: unknown): Hex | undefined {
  for (
    let e = err as { data?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 8;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.data === 'string' && e.data.startsWith('0x')) return e.data as Hex;
    const nested = (e.data as { data?: unknown } | undefined)?.data;
    if (typeof nested === 'string' && nested.startsWith('0x')) return nested as Hex;
  }
  return undefined;
}

/** First line of an error's message: viem appends request details, RPC URL included, on later lines. */
export function firstLine(err: unknown): string {
  const e = err as { shortMessage?: string; details?: string; message?: string };
  return String(e?.details ?? e?.shortMessage ?? e?.message ?? err)
    .split('\n')[0]
    .slice(0, 200);
}
