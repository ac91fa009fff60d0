import { getAddress, hexToBigInt, keccak256, slice, toHex, type Address, type Hex, type PublicClient } from 'viem';
import type { ChainKey } from '../../config/app-config';
import { readLogsBatched, V3_MINT_TOPIC, type RawLog } from '../trading/trading-logs';

export const V3_BURN_TOPIC = keccak256(toHex('Burn(address,int24,int24,uint128,uint256,uint256)'));

/** Liquidity each owner holds in each V3 pool now: its Mint amounts less its Burn amounts. */
export interface V3Positions {
  /** Pool (lower-case) → owner (checksummed) → liquidity. */
  byPool: Map<string, Map<Address, bigint>>;
  /** False when the node would not give the whole history: the shares would be wrong, so none are made. */
  complete: boolean;
}

/**
 * A V3 pool's liquidity belongs to positions, not to an LP token. Their owners are in the pool's own
 * Mint and Burn logs (`owner`, the second topic; the amount is the liquidity): one eth_getLogs over
 * the pools' whole history. Positions opened through a position manager are owned by that manager
 * (an NFT contract): their NFT holders are not read here, so they count as "others".
 */
export async function readV3Positions(params: { chain: ChainKey; client: PublicClient; pools: Address[]; latest: number }): Promise<V3Positions> {
  if (params.pools.length === 0) return { byPool: new Map(), complete: true };
  const result = await readLogsBatched({
    chain: params.chain,
    client: params.client,
    span: { from: 0, to: params.latest },
    chunkBlocks: params.latest + 1,
    queries: [{ address: params.pools, topics: [[V3_MINT_TOPIC, V3_BURN_TOPIC]] }],
  });
  return { byPool: positionsFromLogs(params.pools, result.logs[0]), complete: !result.truncated };
}

/** Each pool's liquidity by owner, from its Mint (+) and Burn (−) logs. */
export function positionsFromLogs(pools: Address[], logs: RawLog[]): Map<string, Map<Address, bigint>> {
  const byPool = new Map<string, Map<Address, bigint>>(pools.map((p) => [p.toLowerCase(), new Map()]));
  for (const log of logs) add(byPool, log);
  return byPool;
}

function add(byPool: Map<string, Map<Address, bigint>>, log: RawLog): void {
  const owners = byPool.get(log.address.toLowerCase());
  if (!owners || log.topics.length < 2) return;
  const owner = getAddress(slice(log.topics[1], 12));
  // Mint's data is (sender, amount, amount0, amount1); Burn's is (amount, amount0, amount1).
  const word = log.topics[0] === V3_MINT_TOPIC ? 1 : 0;
  const amount = hexToBigInt(slice(log.data as Hex, word * 32, word * 32 + 32));
  const held = (owners.get(owner) ?? 0n) + (log.topics[0] === V3_MINT_TOPIC ? amount : -amount);
  owners.set(owner, held);
}
