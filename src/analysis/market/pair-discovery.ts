import { parseAbi, type Address, type ContractFunctionParameters, type PublicClient } from 'viem';
import type { ChainFacts, TokenFacts } from '../../chain/chain-facts';
import { throwIfTransportFailed } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import type { BlockStamp } from './block-window';

export const V2_ABI = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function balanceOf(address owner) view returns (uint256)',
  'function symbol() view returns (string)',
]);

export const PAIR_EVENTS = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
]);

const ZERO: Address = '0x0000000000000000000000000000000000000000';
export const DEAD: Address = '0x000000000000000000000000000000000000dEaD';

/** A pair of the analysed token against one quote token on one DEX. */
export interface TokenPairRef {
  dex: string;
  dexIndex: number;
  address: Address;
  quote: TokenFacts;
}

/** A wrapped-native/stablecoin pair: the USD price of wrapped native on that DEX. */
export interface ReferencePairRef {
  dex: string;
  dexIndex: number;
  address: Address;
  stable: TokenFacts;
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

/**
 * Round one (one HTTP request): a multicall of factory.getPair for every DEX × quote token and
 * every DEX × stablecoin against wrapped native, the burn-address balances and the symbol,
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
  const contracts: ContractFunctionParameters[] = [
    { address: token, abi: V2_ABI, functionName: 'balanceOf', args: [ZERO] },
    { address: token, abi: V2_ABI, functionName: 'balanceOf', args: [DEAD] },
    { address: token, abi: V2_ABI, functionName: 'symbol' },
    ...tokenCombos.map((c) => getPair(c.dexIndex, token, c.other.address)),
    ...refCombos.map((c) => getPair(c.dexIndex, facts.wrappedNative.address, c.other.address)),
  ];
  const [results, header] = await Promise.all([
    client.multicall({ allowFailure: true, contracts }),
    client.getBlock({ blockTag: 'latest' }),
  ]);
  throwIfTransportFailed(params.chain, results);
  const value = <T>(i: number, fallback: T): T => (results[i].status === 'success' ? (results[i].result as T) : fallback);
  const pairAt = (i: number): Address | undefined => {
    const address = value<Address>(i, ZERO);
    return address.toLowerCase() === ZERO ? undefined : address;
  };
  const dexName = (i: number) => facts.dexes[i].name;
  return {
    latest: { number: Number(header.number), timestamp: Number(header.timestamp) },
    burned: { zero: value(0, 0n), dead: value(1, 0n) },
    symbol: params.symbol ?? value(2, 'TOKEN'),
    pairs: tokenCombos.flatMap((c, i) => {
      const address = pairAt(3 + i);
      return address ? [{ dex: dexName(c.dexIndex), dexIndex: c.dexIndex, address, quote: c.other }] : [];
    }),
    referencePairs: refCombos.flatMap((c, i) => {
      const address = pairAt(3 + tokenCombos.length + i);
      return address ? [{ dex: dexName(c.dexIndex), dexIndex: c.dexIndex, address, stable: c.other }] : [];
    }),
  };
}

function combos<T extends TokenFacts>(facts: ChainFacts, others: T[]): Combo<T>[] {
  return facts.dexes.flatMap((_, dexIndex) => others.map((other) => ({ dexIndex, other })));
}
