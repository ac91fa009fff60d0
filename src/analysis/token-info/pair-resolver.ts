import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, type Address, type PublicClient } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { ChainRegistry } from '../../chain/chain-registry';
import { boundedCall, type RawResult } from '../../chain/bounded-call';
import { withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import type { ResolvedFrom } from '../report/token-report';

const PAIR_ABI = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function factory() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function getPair(address tokenA, address tokenB) view returns (address)',
  'function fee() view returns (uint24)',
  'function stable() view returns (bool)',
]);
const V3_FACTORY_ABI = parseAbi([
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)',
]);
const SOLIDLY_FACTORY_ABI = parseAbi([
  'function getPool(address tokenA, address tokenB, bool stable) view returns (address)',
]);

/** A pasted pair address and the token its report is for. */
export interface PairResolution {
  token: Address;
  resolvedFrom: ResolvedFrom;
}

interface PairReads {
  token0: Address;
  token1: Address;
  factory: Address;
  /** getReserves() answered (V2 pairs and Solidly pools). */
  reserves: boolean;
  /** fee() of a V3 pool, stable() of a Solidly pool, when they answered. */
  fee: number | null;
  stable: boolean | null;
}

/** Which kind of pool a configured factory confirmed, with the words the note uses. */
interface Confirmed {
  kind: ResolvedFrom['kind'];
  dex: string;
  /** "pair", "pool (fee 0.3%)", "volatile pool". */
  what: string;
}

/**
 * Turns a pasted pool address — a Uniswap-V2-style pair (LP token), a V3-style pool or a
 * Solidly-style pool — into the token it trades. A pool is recognised by behaviour (token0(),
 * token1(), factory(), and getReserves(), fee() or stable() answer) and only believed when a DEX
 * configured for the chain (chain facts; the devnet's from its manifest) names it as its pool of
 * those two tokens (getPair; getPool with that fee or curve). Any factory answering getPair is not enough: a contract can claim
 * to be the pair of a well-known token and, through a factory it deployed itself, point a report
 * for that token at a scam.
 */
@Injectable()
export class PairResolver {
  /** V2 pairs never change their tokens or factory, so a confirmed pair is remembered. */
  private readonly confirmed = new LRUCache<string, PairResolution>({ max: 10_000 });
  /**
   * Nor does a token become a pair: an address found not to be one is remembered too (for an hour, as
   * an address without code yet may still be deployed), so a cached scan of a token costs no RPC call.
   */
  private readonly notPairs = new LRUCache<string, true>({ max: 100_000, ttl: 60 * 60_000 });

  constructor(private readonly chains: ChainRegistry) {}

  /** The pair's token, or null when the address is not a pair a configured DEX knows. */
  async resolve(chain: ChainKey, address: Address): Promise<PairResolution | null> {
    const id = `${chain}:${address.toLowerCase()}`;
    const known = this.confirmed.get(id);
    if (known) return known;
    if (this.notPairs.has(id)) return null;
    const resolution = await this.lookUp(chain, address);
    if (resolution) this.confirmed.set(id, resolution);
    else this.notPairs.set(id, true);
    return resolution;
  }

  private async lookUp(chain: ChainKey, address: Address): Promise<PairResolution | null> {
    const { client, facts } = this.chains.get(chain);
    const reads = await withChainErrors(chain, () => readPair(client, address));
    if (!reads) return null;
    const confirmed = await withChainErrors(chain, () => confirm(client, facts, address, reads));
    return confirmed ? pickToken({ address, confirmed, reads, facts }) : null;
  }
}

/** Asks the configured factory the pool claims as its own whether it lists the pool; null when none does. */
async function confirm(
  client: PublicClient,
  facts: ChainFacts,
  address: Address,
  reads: PairReads,
): Promise<Confirmed | null> {
  const { token0, token1, factory } = reads;
  const v2 = facts.dexes.find((d) => sameAddress(d.factory, factory));
  if (v2 && reads.reserves) {
    const listed = await client.readContract({
      address: v2.factory,
      abi: PAIR_ABI,
      functionName: 'getPair',
      args: [token0, token1],
    });
    return sameAddress(listed, address) ? { kind: 'v2_pair', dex: v2.name, what: 'pair' } : null;
  }
  const v3 = facts.v3Dexes.find((d) => sameAddress(d.factory, factory));
  if (v3 && reads.fee !== null) {
    const listed = await client.readContract({
      address: v3.factory,
      abi: V3_FACTORY_ABI,
      functionName: 'getPool',
      args: [token0, token1, reads.fee],
    });
    return sameAddress(listed, address)
      ? { kind: 'v3_pool', dex: v3.name, what: `pool (fee ${reads.fee / 10_000}%)` }
      : null;
  }
  const solidly = facts.solidlyDexes.find((d) => sameAddress(d.factory, factory));
  if (solidly && reads.stable !== null) {
    const listed = await client.readContract({
      address: solidly.factory,
      abi: SOLIDLY_FACTORY_ABI,
      functionName: 'getPool',
      args: [token0, token1, reads.stable],
    });
    return sameAddress(listed, address)
      ? { kind: 'solidly_pool', dex: solidly.name, what: `${reads.stable ? 'stable' : 'volatile'} pool` }
      : null;
  }
  return null;
}

/** What a pool answers of itself: each read gas-capped (a pasted address may be hostile code), all in one JSON-RPC batch. */
const POOL_READS = ['token0', 'token1', 'factory', 'getReserves', 'fee', 'stable'] as const;

/** token0, token1, factory, getReserves, fee and stable in one round trip; null unless the first three answer. */
async function readPair(client: PublicClient, address: Address): Promise<PairReads | null> {
  const answers = await Promise.all(
    POOL_READS.map((functionName) =>
      boundedCall(client, { to: address, data: encodeFunctionData({ abi: PAIR_ABI, functionName }) }),
    ),
  );
  const [token0, token1, factory, reserves, fee, stable] = POOL_READS.map((functionName, i) =>
    decoded(functionName, answers[i]),
  );
  if (token0 === undefined || token1 === undefined || factory === undefined) return null;
  return {
    token0: getAddress(token0 as Address),
    token1: getAddress(token1 as Address),
    factory: getAddress(factory as Address),
    reserves: reserves !== undefined,
    fee: fee !== undefined ? Number(fee) : null,
    stable: stable !== undefined ? Boolean(stable) : null,
  };
}

/** The read's value, or undefined when it failed or does not decode as the pool's answer. */
function decoded(functionName: (typeof POOL_READS)[number], answer: RawResult): unknown {
  if (!answer.success) return undefined;
  try {
    return decodeFunctionResult({ abi: PAIR_ABI, functionName, data: answer.returnData });
  } catch {
    return undefined;
  }
}

/**
 * The report is for the side that is not a quote token (the chain's wrapped native or a
 * stablecoin). When both sides are quote tokens, or neither is, it is for token0, and the note says so.
 */
function pickToken(params: {
  address: Address;
  confirmed: Confirmed;
  reads: PairReads;
  facts: ChainFacts;
}): PairResolution {
  const { address, confirmed, reads, facts } = params;
  const dex = confirmed.dex;
  const quoteSymbol = (token: Address) =>
    [facts.wrappedNative, ...facts.stablecoins].find((q) => sameAddress(q.address, token))?.symbol;
  const q0 = quoteSymbol(reads.token0);
  const q1 = quoteSymbol(reads.token1);
  const side: ResolvedFrom['side'] = q0 && !q1 ? 'token1' : 'token0';
  const rule: ResolvedFrom['rule'] =
    Boolean(q0) !== Boolean(q1) ? 'non_quote_side' : q0 ? 'both_quote_token0' : 'no_quote_token0';
  const [token, other, otherSymbol] =
    side === 'token0' ? [reads.token0, reads.token1, q1] : [reads.token1, reads.token0, q0];
  const why =
    rule === 'non_quote_side'
      ? `the side that is not the quote token (${otherSymbol})`
      : rule === 'both_quote_token0'
        ? 'token0, since both sides are quote tokens'
        : 'token0, since neither side is a quote token';
  const note = `${address} is the ${dex} ${confirmed.what} of ${reads.token0} and ${reads.token1}; this report is for ${token}, ${why}.`;
  return { token, resolvedFrom: { address, kind: confirmed.kind, dex, side, pairedWith: other, rule, note } };
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
