import type { Address, PublicClient } from 'viem';
import { ChainUnavailableError, throwIfTransportFailed, toChainError } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import type { BlockStamp } from './block-window';
import type { PairEvent, Reserves } from './market-math';
import { PAIR_EVENTS, V2_ABI } from './pair-discovery';

/**
 * Reads the market analyzer makes after discovery. Each returns a promise that issues its JSON-RPC
 * calls at once, so callers that start several together get them into one HTTP batch.
 */

/** getReserves of every pair in one multicall, pinned to `blockNumber`; null for a pair that failed. */
export async function readReserves(params: {
  chain: ChainKey;
  client: PublicClient;
  pairs: Address[];
  blockNumber: number;
}): Promise<(Reserves | null)[]> {
  if (params.pairs.length === 0) return [];
  const results = await params.client.multicall({
    allowFailure: true,
    blockNumber: BigInt(params.blockNumber),
    contracts: params.pairs.map((address) => ({ address, abi: V2_ABI, functionName: 'getReserves' }) as const),
  });
  throwIfTransportFailed(params.chain, results);
  return results.map((r) => (r.status === 'success' ? { reserve0: r.result[0], reserve1: r.result[1] } : null));
}

/** Headers of the given blocks, as (number, timestamp). */
export async function readStamps(client: PublicClient, blocks: number[]): Promise<BlockStamp[]> {
  const headers = await Promise.all(blocks.map((n) => client.getBlock({ blockNumber: BigInt(n) })));
  return headers.map((h) => ({ number: Number(h.number), timestamp: Number(h.timestamp) }));
}

export type PairLogs = { events: Map<string, PairEvent[]>; error: null } | { events: null; error: string };

/**
 * Swap and Sync events of the pairs in one eth_getLogs, grouped by lower-cased pair address. A
 * refusal by the node (too many results, range too wide) comes back as `error`, so the section
 * can still say everything else; a node that cannot be reached still throws.
 */
export async function readPairLogs(params: {
  chain: ChainKey;
  client: PublicClient;
  pairs: Address[];
  fromBlock: number;
  toBlock: number;
}): Promise<PairLogs> {
  const events = new Map<string, PairEvent[]>(params.pairs.map((p) => [p.toLowerCase(), []]));
  if (params.pairs.length === 0 || params.fromBlock > params.toBlock) return { events, error: null };
  try {
    const logs = await params.client.getLogs({
      address: params.pairs,
      events: PAIR_EVENTS,
      fromBlock: BigInt(params.fromBlock),
      toBlock: BigInt(params.toBlock),
      strict: true,
    });
    for (const log of logs) {
      const position = { blockNumber: Number(log.blockNumber), logIndex: log.logIndex };
      const event: PairEvent =
        log.eventName === 'Sync'
          ? { kind: 'sync', ...position, reserve0: log.args.reserve0, reserve1: log.args.reserve1 }
          : { kind: 'swap', ...position, ...pickSwap(log.args) };
      events.get(log.address.toLowerCase())?.push(event);
    }
    return { events, error: null };
  } catch (err) {
    const mapped = toChainError(err, params.chain);
    if (mapped instanceof ChainUnavailableError) throw mapped;
    const message = (err as { shortMessage?: string }).shortMessage ?? (err as Error).message ?? String(err);
    // First line only: viem appends request details (with the RPC URL) on later lines.
    return { events: null, error: String(message).split('\n')[0].slice(0, 200) };
  }
}

function pickSwap(args: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint }) {
  return { amount0In: args.amount0In, amount1In: args.amount1In, amount0Out: args.amount0Out, amount1Out: args.amount1Out };
}

/** Keeps the events at or after `fromBlock` (logs were fetched from a slightly earlier block). */
export function eventsFrom(events: Map<string, PairEvent[]>, fromBlock: number): Map<string, PairEvent[]> {
  return new Map([...events].map(([pair, list]) => [pair, list.filter((e) => e.blockNumber >= fromBlock)]));
}
