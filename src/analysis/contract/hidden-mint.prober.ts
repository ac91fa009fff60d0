import {
  concatHex,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  parseAbi,
  toEventSelector,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { ChainKey } from '../../config/app-config';
import { ChainUnavailableError, toChainError } from '../../chain/chain.errors';
import type { HiddenMintProbe, HiddenMintResult } from './contract.types';

const READ_ABI = parseAbi(['function totalSupply() view returns (uint256)', 'function balanceOf(address) view returns (uint256)']);
const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
const ZERO_TOPIC = `0x${'0'.repeat(64)}`;
/** Receives the probed mint: an address with no history, so any balance it gets is new. */
export const PROBE_TARGET: Address = getAddress('0x00000000000000000000000000000000c0ffee01');
/** The caller when the token has no live owner: catches mints that anyone may call. */
export const PROBE_STRANGER: Address = getAddress('0x00000000000000000000000000000000c0ffee02');
const PROBE_AMOUNT = 10n ** 24n;
/** Bounds one analysis: each probe is one eth_simulateV1 in a single JSON-RPC batch. */
const MAX_PROBED_SELECTORS = 48;
const LAYOUTS = ['address,uint256', 'uint256,address'] as const;

interface SimulatedCall {
  status: Hex;
  returnData: Hex;
  logs?: { address: Address; topics: Hex[] }[];
}
type SimulatedBlock = { calls: SimulatedCall[] };

export interface ProbeRequest {
  selector: Hex;
  layout: (typeof LAYOUTS)[number];
  data: Hex;
}

/** Calldata for each candidate selector with plausible (recipient, amount) arguments, both orders. */
export function buildProbes(selectors: Hex[]): ProbeRequest[] {
  return selectors.slice(0, MAX_PROBED_SELECTORS).flatMap((selector) =>
    LAYOUTS.map((layout) => {
      const args =
        layout === 'address,uint256'
          ? encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [PROBE_TARGET, PROBE_AMOUNT])
          : encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [PROBE_AMOUNT, PROBE_TARGET]);
      return { selector, layout, data: concatHex([selector, args]) };
    }),
  );
}

/** Reads before and after the probed call, in one simulated block, so each probe stands alone. */
function simulationCalls(params: { token: Address; caller: Address; data: Hex }): { from: Address; to: Address; data: Hex }[] {
  const { token, caller, data } = params;
  const reads = [
    encodeFunctionData({ abi: READ_ABI, functionName: 'totalSupply' }),
    encodeFunctionData({ abi: READ_ABI, functionName: 'balanceOf', args: [PROBE_TARGET] }),
    encodeFunctionData({ abi: READ_ABI, functionName: 'balanceOf', args: [caller] }),
  ];
  return [...reads, data, ...reads].map((callData) => ({ from: caller, to: token, data: callData }));
}

const word = (call: SimulatedCall | undefined): bigint | null =>
  call && call.status === '0x1' && call.returnData.length >= 66 ? hexToBigInt(call.returnData.slice(0, 66) as Hex) : null;

/** What one simulated probe shows; a supply rise, a balance rise beyond the supply, or a mint event. */
export function readProbe(probe: ProbeRequest, block: SimulatedBlock, token: Address): HiddenMintProbe {
  const calls = block.calls;
  const [supplyBefore, targetBefore, callerBefore] = calls.slice(0, 3).map(word);
  const [supplyAfter, targetAfter, callerAfter] = calls.slice(4, 7).map(word);
  const succeeded = calls[3]?.status === '0x1';
  const supplyDelta = supplyBefore !== null && supplyAfter !== null ? supplyAfter - supplyBefore : 0n;
  const balanceDelta =
    targetBefore !== null && targetAfter !== null && callerBefore !== null && callerAfter !== null
      ? targetAfter + callerAfter - (targetBefore + callerBefore)
      : 0n;
  const mintEvent = (calls[3]?.logs ?? []).some(
    (log) =>
      getAddress(log.address) === token && log.topics[0] === TRANSFER_TOPIC && log.topics[1]?.toLowerCase() === ZERO_TOPIC,
  );
  return {
    selector: probe.selector,
    layout: probe.layout,
    succeeded,
    supplyDelta: supplyDelta.toString(),
    balanceDelta: balanceDelta.toString(),
    mintEvent,
  };
}

export const isMintProbe = (probe: HiddenMintProbe): boolean =>
  probe.succeeded && (BigInt(probe.supplyDelta) > 0n || BigInt(probe.balanceDelta) > 0n || probe.mintEvent);

/** The node does not know eth_simulateV1 (the answer is then "unknown", never "safe"). */
function isUnsupported(err: unknown): boolean {
  const text = String((err as { details?: unknown; message?: unknown })?.details ?? (err as Error)?.message ?? '');
  const code = (err as { code?: unknown })?.code;
  return code === -32601 || code === -32004 || /method not found|not supported|unsupported|does not exist/i.test(text);
}

/**
 * Simulates the caller (the owner when there is a live one) calling each unknown state-changing
 * candidate and watches supply and balances. One eth_simulateV1 per probe, all sent in the same
 * tick so the transport folds them into one JSON-RPC batch.
 */
export async function probeHiddenMint(params: {
  client: PublicClient;
  chain: ChainKey;
  token: Address;
  owner: Address | null;
  candidates: Hex[];
}): Promise<HiddenMintResult> {
  const { client, chain, token, candidates } = params;
  const caller = params.owner ?? PROBE_STRANGER;
  if (candidates.length === 0) return { detected: false, functions: [], caller, probes: [], method: 'none' };
  const probes = buildProbes(candidates);
  const settled = await Promise.allSettled(
    probes.map((probe) =>
      client.request({
        method: 'eth_simulateV1',
        params: [{ blockStateCalls: [{ calls: simulationCalls({ token, caller, data: probe.data }) }], validation: false }, 'latest'],
      } as never) as Promise<SimulatedBlock[]>,
    ),
  );
  const result = summarise({ settled, probes, chain, token, caller });
  if (result.detected === false && candidates.length > MAX_PROBED_SELECTORS) {
    return { ...result, detected: null, reason: `only ${MAX_PROBED_SELECTORS} of ${candidates.length} candidates were probed` };
  }
  return result;
}

function summarise(params: {
  settled: PromiseSettledResult<SimulatedBlock[]>[];
  probes: ProbeRequest[];
  chain: ChainKey;
  token: Address;
  caller: Address;
}): HiddenMintResult {
  const { settled, probes, chain, token, caller } = params;
  const results: HiddenMintProbe[] = [];
  let failures = 0;
  let unsupported = false;
  settled.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled' && outcome.value?.[0]) {
      results.push(readProbe(probes[i], outcome.value[0], token));
      return;
    }
    const error = outcome.status === 'rejected' ? outcome.reason : undefined;
    const mapped = toChainError(error, chain);
    if (mapped instanceof ChainUnavailableError) throw mapped;
    if (isUnsupported(error)) unsupported = true;
    failures++;
  });
  const functions = [...new Set(results.filter(isMintProbe).map((probe) => probe.selector))];
  const method = unsupported && results.length === 0 ? 'none' : 'eth_simulateV1';
  if (functions.length > 0) return { detected: true, functions, caller, probes: results, method };
  if (failures > 0) {
    const reason = unsupported ? 'the node does not support eth_simulateV1' : `${failures} probe(s) could not be simulated`;
    return { detected: null, functions, caller, probes: results, method, reason };
  }
  return { detected: false, functions, caller, probes: results, method };
}
