import { parseAbi, type Address, type ContractFunctionParameters, type PublicClient } from 'viem';
import type { ChainFacts, TokenFacts } from '../../chain/chain-facts';
import { DEAD_ADDRESS, ZERO_ADDRESS } from '../../chain/burn-addresses';
import { throwIfTransportFailed } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import type { BlockStamp } from './block-window';

export const V2_ABI = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function balanceOf(address owner) view returns (uint256)',
  'function symbol() view returns (string)',
]);

export const V3_FACTORY_ABI = parseAbi([
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)',
]);
export const SOLIDLY_FACTORY_ABI = parseAbi([
  'function getPool(address tokenA, address tokenB, bool stable) view returns (address)',
]);

/**
 * Swap and Sync of V2 pairs, of Solidly pools (other argument order and widths, so other topics) and
 * V3 pools' Swap (signed amounts: positive = the pool received). All topics differ.
 */
export const PAIR_EVENTS = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
  'event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)',
  'event Sync(uint256 reserve0, uint256 reserve1)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);

/** V2 pair, V3 pool (concentrated liquidity) or Solidly pool (stable or volatile curve). */
export type PoolKind = 'v2' | 'v3' | 'solidly';

/** A pool of the analysed token against one quote token on one DEX. */
export interface TokenPairRef {
  dex: string;
  /** Index into the chain facts' list of this kind (dexes, v3Dexes, solidlyDexes). */
  dexIndex: number;
  address: Address;
  quote: TokenFacts;
  kind: PoolKind;
  /** V3 fee tier in hundredths of a bip; null for the other kinds. */
  feeTier: number | null;
  /** Solidly curve; null for the other kinds. */
  stable: boolean | null;
}

/** A wrapped-native/stablecoin pair: the USD price of wrapped native on that DEX. */
export interface ReferencePairRef {
  dex: string;
  dexIndex: number;
  address: Address;
  stable: TokenFacts;
}

/** A pool's two tokens in its own order (token0 is the lower address, on every pool kind). */
export function sortedTokens(a: Address, b: Address): { token0: Address; token1: Address } {
  return a.toLowerCase() < b.toLowerCase() ? { token0: a, token1: b } : { token0: b, token1: a };
}

export interface Discovery {
  latest: BlockStamp;
  pairs: TokenPairRef[];
  referencePairs: ReferencePairRef[];
  burned: { zero: bigint; dead: bigint };
  symbol: string;
}

interface Combo<T> {
  dexIndex: number;
  other: T;
}

/** One pool lookup of round one: which factory call, and what it means when it answers. */
interface PoolLookup {
  call: ContractFunctionParameters;
  ref: Omit<TokenPairRef, 'address'>;
}

/**
 * Round one (one HTTP request): a multicall of factory.getPair for every DEX × quote token and
 * every DEX × stablecoin against wrapped native, getPool of every V3 DEX × fee tier × quote token and
 * every Solidly DEX × curve × quote token, the burn-address balances and the symbol,
 * JSON-RPC-batched with the latest block's header.
 */
export async function discoverPairs(params: {
  chain: ChainKey;
  client: PublicClient;
  facts: ChainFacts;
  token: Address;
  symbol?: string;
}): Promise<Discovery> {
  const { client, facts, token } = params;
  const quotes = [facts.wrappedNative, ...facts.stablecoins];
  const tokenCombos = combos(facts, quotes);
  const refCombos = combos(facts, facts.stablecoins);
  const getPair = (dexIndex: number, a: Address, b: Address): ContractFunctionParameters => ({
    address: facts.dexes[dexIndex].factory,
    abi: V2_ABI,
    functionName: 'getPair',
    args: [a, b],
  });
  const venueLookups = poolLookups(facts, token);
  const contracts: ContractFunctionParameters[] = [
    { address: token, abi: V2_ABI, functionName: 'balanceOf', args: [ZERO_ADDRESS] },
    { address: token, abi: V2_ABI, functionName: 'balanceOf', args: [DEAD_ADDRESS] },
    { address: token, abi: V2_ABI, functionName: 'symbol' },
    ...tokenCombos.map((c) => getPair(c.dexIndex, token, c.other.address)),
    ...refCombos.map((c) => getPair(c.dexIndex, facts.wrappedNative.address, c.other.address)),
    ...venueLookups.map((l) => l.call),
  ];
  const [results, header] = await Promise.all([
    // One aggregate call however many pools are looked up: viem splits at 1 KiB of calldata, and a later chunk would cost a round trip.
    client.multicall({ allowFailure: true, contracts, batchSize: 0 }),
    client.getBlock({ blockTag: 'latest' }),
  ]);
  throwIfTransportFailed(params.chain, results);
  const value = <T>(i: number, fallback: T): T =>
    results[i].status === 'success' ? (results[i].result as T) : fallback;
  const pairAt = (i: number): Address | undefined => {
    const address = value<Address>(i, ZERO_ADDRESS);
    return address.toLowerCase() === ZERO_ADDRESS ? undefined : address;
  };
  const dexName = (i: number) => facts.dexes[i].name;
  return {
    latest: { number: Number(header.number), timestamp: Number(header.timestamp) },
    burned: { zero: value(0, 0n), dead: value(1, 0n) },
    symbol: params.symbol ?? value(2, 'TOKEN'),
    pairs: [
      ...tokenCombos.flatMap((c, i): TokenPairRef[] => {
        const address = pairAt(3 + i);
        return address
          ? [
              {
                dex: dexName(c.dexIndex),
                dexIndex: c.dexIndex,
                address,
                quote: c.other,
                kind: 'v2',
                feeTier: null,
                stable: null,
              },
            ]
          : [];
      }),
      ...venueLookups.flatMap((l, i): TokenPairRef[] => {
        const address = pairAt(3 + tokenCombos.length + refCombos.length + i);
        return address ? [{ ...l.ref, address }] : [];
      }),
    ],
    referencePairs: refCombos.flatMap((c, i) => {
      const address = pairAt(3 + tokenCombos.length + i);
      return address ? [{ dex: dexName(c.dexIndex), dexIndex: c.dexIndex, address, stable: c.other }] : [];
    }),
  };
}

/** getPool of every V3 DEX × fee tier and Solidly DEX × curve, against each quote token. */
function poolLookups(facts: ChainFacts, token: Address): PoolLookup[] {
  const quotes = [facts.wrappedNative, ...facts.stablecoins];
  const v3 = facts.v3Dexes.flatMap((d, dexIndex) =>
    d.fees.flatMap((fee) =>
      quotes.map((quote): PoolLookup => ({
        call: { address: d.factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [token, quote.address, fee] },
        ref: { dex: d.name, dexIndex, quote, kind: 'v3', feeTier: fee, stable: null },
      })),
    ),
  );
  const solidly = facts.solidlyDexes.flatMap((d, dexIndex) =>
    [false, true].flatMap((stable) =>
      quotes.map((quote): PoolLookup => ({
        call: {
          address: d.factory,
          abi: SOLIDLY_FACTORY_ABI,
          functionName: 'getPool',
          args: [token, quote.address, stable],
        },
        ref: { dex: d.name, dexIndex, quote, kind: 'solidly', feeTier: null, stable },
      })),
    ),
  );
  return [...v3, ...solidly];
}

function combos<T extends TokenFacts>(facts: ChainFacts, others: T[]): Combo<T>[] {
  return facts.dexes.flatMap((_, dexIndex) => others.map((other) => ({ dexIndex, other })));
}
