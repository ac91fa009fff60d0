import {
  getAddress,
  hexToBigInt,
  isAddressEqual,
  keccak256,
  parseAbi,
  slice,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { ChainKey } from '../../config/app-config';
import { readLogsBatched, V3_MINT_TOPIC, type RawLog } from '../trading/trading-logs';

export const V3_BURN_TOPIC = keccak256(toHex('Burn(address,int24,int24,uint128,uint256,uint256)'));
export const INCREASE_LIQUIDITY_TOPIC = keccak256(toHex('IncreaseLiquidity(uint256,uint128,uint256,uint256)'));
const MANAGER_ABI = parseAbi([
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);
/** Blocks whose manager logs are read to name position NFTs, at most (the newest mints first). */
const MAX_MINT_BLOCKS = 50;

/** A V3 pool with what a position manager's `positions()` says of it. */
export interface V3Pool {
  address: Address;
  token0: Address;
  token1: Address;
  fee: number;
}

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
 * the pools' whole history. Positions opened through a known position manager (an NFT contract) are
 * then credited to their NFTs' holders (two more rounds, only when there are such positions).
 */
export async function readV3Positions(params: {
  chain: ChainKey;
  client: PublicClient;
  pools: V3Pool[];
  managers: Address[];
  latest: number;
}): Promise<V3Positions> {
  if (params.pools.length === 0) return { byPool: new Map(), complete: true };
  const addresses = params.pools.map((p) => p.address);
  const result = await readLogsBatched({
    chain: params.chain,
    client: params.client,
    span: { from: 0, to: params.latest },
    chunkBlocks: params.latest + 1,
    queries: [{ address: addresses, topics: [[V3_MINT_TOPIC, V3_BURN_TOPIC]] }],
  });
  const byPool = positionsFromLogs(addresses, result.logs[0]);
  const managed = result.logs[0].filter(
    (l) =>
      l.topics[0] === V3_MINT_TOPIC &&
      params.managers.some((m) => isAddressEqual(m, getAddress(slice(l.topics[1], 12)))),
  );
  if (managed.length > 0) await attributeNfts({ ...params, byPool, managed });
  return { byPool, complete: !result.truncated };
}

/**
 * Liquidity a position manager owns belongs to its NFTs' holders: the manager's IncreaseLiquidity
 * logs in the transactions of its mints name the NFTs, `positions` gives each one's pool and
 * liquidity now, `ownerOf` its holder. What cannot be named stays the manager's (counted as others).
 */
async function attributeNfts(params: {
  client: PublicClient;
  pools: V3Pool[];
  managers: Address[];
  byPool: Map<string, Map<Address, bigint>>;
  managed: RawLog[];
}): Promise<void> {
  const { client } = params;
  const blocks = [...new Set(params.managed.map((l) => l.blockNumber))]
    .sort((a, b) => Number(hexToBigInt(b) - hexToBigInt(a)))
    .slice(0, MAX_MINT_BLOCKS);
  const txs = new Set(params.managed.map((l) => l.transactionHash));
  const perBlock = await Promise.all(
    blocks.map(
      (block) =>
        client.request({
          method: 'eth_getLogs',
          params: [{ address: params.managers, topics: [INCREASE_LIQUIDITY_TOPIC], fromBlock: block, toBlock: block }],
        }) as unknown as Promise<RawLog[]>,
    ),
  );
  const nfts = new Map<string, { manager: Address; id: bigint }>();
  for (const log of perBlock.flat()) {
    if (!txs.has(log.transactionHash) || log.topics.length < 2) continue;
    const id = hexToBigInt(log.topics[1]);
    nfts.set(`${log.address.toLowerCase()}:${id}`, { manager: getAddress(log.address), id });
  }
  const list = [...nfts.values()];
  if (list.length === 0) return;
  const reads = await client.multicall({
    allowFailure: true,
    contracts: list.flatMap((n) => [
      { address: n.manager, abi: MANAGER_ABI, functionName: 'positions', args: [n.id] } as const,
      { address: n.manager, abi: MANAGER_ABI, functionName: 'ownerOf', args: [n.id] } as const,
    ]),
  });
  list.forEach((n, i) => {
    const [position, owner] = [reads[2 * i], reads[2 * i + 1]];
    if (position.status !== 'success' || owner.status !== 'success') return;
    const [, , token0, token1, fee, , , liquidity] = position.result as readonly [
      bigint,
      Address,
      Address,
      Address,
      number,
      number,
      number,
      bigint,
      ...unknown[],
    ];
    const pool = params.pools.find(
      (p) => isAddressEqual(p.token0, token0) && isAddressEqual(p.token1, token1) && p.fee === Number(fee),
    );
    const owners = pool && params.byPool.get(pool.address.toLowerCase());
    const held = owners?.get(n.manager) ?? 0n;
    if (!owners || liquidity <= 0n || held <= 0n) return;
    const moved = liquidity < held ? liquidity : held;
    owners.set(n.manager, held - moved);
    const holder = getAddress(owner.result as Address);
    owners.set(holder, (owners.get(holder) ?? 0n) + moved);
  });
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
