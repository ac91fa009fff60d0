import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { getAddress, parseAbi, type Address, type PublicClient } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { ChainRegistry } from '../../chain/chain-registry';
import { throwIfTransportFailed, withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import type { ResolvedFrom } from '../report/token-report';

const PAIR_ABI = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function factory() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function getPair(address tokenA, address tokenB) view returns (address)',
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
}

/**
 * Turns a pasted Uniswap-V2-style pair (LP token) address into the token it trades. A pair is
 * recognised by behaviour — token0(), token1(), factory() and getReserves() answer — and only
 * believed when a DEX configured for the chain (chain facts; the devnet's from its manifest) names it
 * as its pair of those two tokens. Any factory answering getPair is not enough: a contract can claim
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
    const reads = await withChainErrors(chain, () => readPair(chain, client, address));
    if (!reads) return null;
    const dex = facts.dexes.find((d) => sameAddress(d.factory, reads.factory));
    if (!dex) return null;
    const listed = await withChainErrors(chain, () =>
      client.readContract({ address: dex.factory, abi: PAIR_ABI, functionName: 'getPair', args: [reads.token0, reads.token1] }),
    );
    if (!sameAddress(listed, address)) return null;
    return pickToken({ address, dex: dex.name, reads, facts });
  }
}

/** token0, token1, factory and getReserves in one multicall; null unless all four answer. */
async function readPair(chain: ChainKey, client: PublicClient, address: Address): Promise<PairReads | null> {
  const results = await client.multicall({
    allowFailure: true,
    contracts: [
      { address, abi: PAIR_ABI, functionName: 'token0' },
      { address, abi: PAIR_ABI, functionName: 'token1' },
      { address, abi: PAIR_ABI, functionName: 'factory' },
      { address, abi: PAIR_ABI, functionName: 'getReserves' },
    ],
  });
  throwIfTransportFailed(chain, results);
  const [token0, token1, factory, reserves] = results;
  if (token0.status !== 'success' || token1.status !== 'success' || factory.status !== 'success' || reserves.status !== 'success') return null;
  return { token0: getAddress(token0.result), token1: getAddress(token1.result), factory: getAddress(factory.result) };
}

/**
 * The report is for the side that is not a quote token (the chain's wrapped native or a
 * stablecoin). When both sides are quote tokens, or neither is, it is for token0, and the note says so.
 */
function pickToken(params: { address: Address; dex: string; reads: PairReads; facts: ChainFacts }): PairResolution {
  const { address, dex, reads, facts } = params;
  const quoteSymbol = (token: Address) => [facts.wrappedNative, ...facts.stablecoins].find((q) => sameAddress(q.address, token))?.symbol;
  const q0 = quoteSymbol(reads.token0);
  const q1 = quoteSymbol(reads.token1);
  const side: ResolvedFrom['side'] = q0 && !q1 ? 'token1' : 'token0';
  const rule: ResolvedFrom['rule'] = Boolean(q0) !== Boolean(q1) ? 'non_quote_side' : q0 ? 'both_quote_token0' : 'no_quote_token0';
  const [token, other, otherSymbol] = side === 'token0' ? [reads.token0, reads.token1, q1] : [reads.token1, reads.token0, q0];
  const why =
    rule === 'non_quote_side'
      ? `the side that is not the quote token (${otherSymbol})`
      : rule === 'both_quote_token0'
        ? 'token0, since both sides are quote tokens'
        : 'token0, since neither side is a quote token';
  const note = `${address} is the ${dex} pair of ${reads.token0} and ${reads.token1}; this report is for ${token}, ${why}.`;
  return { token, resolvedFrom: { address, kind: 'v2_pair', dex, side, pairedWith: other, rule, note } };
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
