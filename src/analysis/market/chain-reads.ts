import { parseAbi, type Address, type ContractFunctionParameters, type PublicClient } from 'viem';
import { ChainUnavailableError, throwIfTransportFailed, toChainError } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import type { BlockStamp } from './block-window';
import type { PairEvent, Reserves } from './market-math';
import { PAIR_EVENTS, V2_ABI, type PoolKind } from './pair-discovery';

const SOLIDLY_POOL_ABI = parseAbi([
  'function getReserves() view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast)',
]);
/** Only slot0's first field: PancakeSwap V3 widens a later one (feeProtocol), which must not matter here. */
const V3_POOL_ABI = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96)',
  'function liquidity() view returns (uint128)',
]);
const Q96 = 2n ** 96n;

/** A pool to read: its kind, and for V3 its two tokens (its reserves are its balances). */
export interface PoolToRead {
  address: Address;
  kind: PoolKind;
  token0: Address;
  token1: Address;
}

/**
 * A pool's state. `reserves` set the price: V2 and Solidly reserves; for a V3 pool the virtual
 * reserves of its in-range liquidity (L / √P and L · √P), whose ratio is its spot price and which
 * its Swap amounts move. `balances` are what a V3 pool holds (null for the others: their reserves).
 */
export interface PoolState {
  reserves: Reserves;
  balances: Reserves | null;
}

/**
 * Every pool's state in one multicall, pinned to `blockNumber`: getReserves of V2 and Solidly
 * pools; slot0, liquidity and both token balances of V3 pools. null for a pool that failed.
 */
export async function readPoolStates(params: {
  chain: ChainKey;
  client: PublicClient;
  pools: PoolToRead[];
  blockNumber: number;
}): Promise<(PoolState | null)[]> {
  if (params.pools.length === 0) return [];
  const calls = params.pools.map(poolCalls);
  // batchSize 0: one aggregate call (see discoverPairs).
  const results = await params.client.multicall({
    allowFailure: true,
    blockNumber: BigInt(params.blockNumber),
    contracts: calls.flat(),
    batchSize: 0,
  });
  throwIfTransportFailed(params.chain, results);
  let at = 0;
  return calls.map((group, i) => {
    const answers = results.slice(at, at + group.length);
    at += group.length;
    if (answers.some((r) => r.status !== 'success')) return null;
    const values = answers.map((r) => r.result);
    if (params.pools[i].kind !== 'v3') {
      const [r0, r1] = values[0] as readonly bigint[];
      return { reserves: { reserve0: r0, reserve1: r1 }, balances: null };
    }
    return v3State(values[0] as bigint, values[1] as bigint, {
      reserve0: values[2] as bigint,
      reserve1: values[3] as bigint,
    });
  });
}

function poolCalls(pool: PoolToRead): ContractFunctionParameters[] {
  if (pool.kind === 'v2') return [{ address: pool.address, abi: V2_ABI, functionName: 'getReserves' }];
  if (pool.kind === 'solidly') return [{ address: pool.address, abi: SOLIDLY_POOL_ABI, functionName: 'getReserves' }];
  return [
    { address: pool.address, abi: V3_POOL_ABI, functionName: 'slot0' },
    { address: pool.address, abi: V3_POOL_ABI, functionName: 'liquidity' },
    { address: pool.token0, abi: V2_ABI, functionName: 'balanceOf', args: [pool.address] },
    { address: pool.token1, abi: V2_ABI, functionName: 'balanceOf', args: [pool.address] },
  ];
}

/** A V3 pool without in-range liquidity or price has no virtual reserves: it sets no price. */
function v3State(sqrtPriceX96: bigint, liquidity: bigint, balances: Reserves): PoolState {
  if (sqrtPriceX96 === 0n || liquidity === 0n) return { reserves: { reserve0: 0n, reserve1: 0n }, balances };
  return {
    reserves: { reserve0: (liquidity * Q96) / sqrtPriceX96, reserve1: (liquidity * sqrtPriceX96) / Q96 },
    balances,
  };
}

/**
 * Reads the market analyzer makes after discovery. Each returns a promise that issues its JSON-RPC
 * calls at once, so callers that start several together get them into one HTTP batch.
 */

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
          : { kind: 'swap', ...position, ...('amount0' in log.args ? fromSigned(log.args) : pickSwap(log.args)) };
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

/** A V3 Swap's signed amounts (positive: into the pool) as in/out amounts. */
function fromSigned(args: { amount0: bigint; amount1: bigint }) {
  const into = (v: bigint) => (v > 0n ? v : 0n);
  const outOf = (v: bigint) => (v < 0n ? -v : 0n);
  return {
    amount0In: into(args.amount0),
    amount1In: into(args.amount1),
    amount0Out: outOf(args.amount0),
    amount1Out: outOf(args.amount1),
  };
}

function pickSwap(args: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint }) {
  return {
    amount0In: args.amount0In,
    amount1In: args.amount1In,
    amount0Out: args.amount0Out,
    amount1Out: args.amount1Out,
  };
}

/** Keeps the events at or after `fromBlock` (logs were fetched from a slightly earlier block). */
export function eventsFrom(events: Map<string, PairEvent[]>, fromBlock: number): Map<string, PairEvent[]> {
  return new Map([...events].map(([pair, list]) => [pair, list.filter((e) => e.blockNumber >= fromBlock)]));
}
