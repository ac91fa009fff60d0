import { Injectable } from '@nestjs/common';
import { getAddress, type Address, type PublicClient } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { ChainRegistry } from '../../chain/chain-registry';
import { withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import {
  bracketStart,
  coarseProbeBlocks,
  DAY_SECONDS,
  estimatedWindowBlocks,
  fineProbeBlocks,
  resolveStart,
  scanFromBlock,
  type BlockStamp,
  type Bracket,
} from './block-window';
import { eventsFrom, readPairLogs, readPoolStates, readStamps, type PoolToRead } from './chain-reads';
import { buildMarketSection, type WindowActivity } from './market-section';
import type { MarketRequest, MarketSection } from './market.types';
import { discoverPairs, sortedTokens, type Discovery } from './pair-discovery';
import { nativeUsdPrices, pricePairs, pricingPair, type NativeUsd, type PricedPair } from './pair-pricing';

/** Reference-pair logs are read for about the first hour of the window: enough to rewind its price. */
const REFERENCE_SPAN_FRACTION = 24;
const MIN_REFERENCE_SPAN_BLOCKS = 64;

interface Priced {
  native: NativeUsd;
  priced: PricedPair[];
  coarse: BlockStamp[];
}

/**
 * Market section in three HTTP requests: (1) pair discovery multicall + latest header, (2) reserves
 * multicall + headers that bracket the 24 h window start, (3) Swap/Sync logs + headers that pin the
 * start exactly. Prices come from reserves; USD through the quote's own stablecoin pair.
 */
@Injectable()
export class MarketAnalyzer {
  constructor(private readonly chains: ChainRegistry) {}

  /**
   * Round one alone (pool discovery and the head): it needs only the address, so a scan sends it in
   * the same batch as the token's own reads and starts what depends on the pools sooner.
   */
  discover(request: { chain: ChainKey; address: Address }): Promise<Discovery> {
    const { facts, client } = this.chains.get(request.chain);
    return withChainErrors(request.chain, () =>
      discoverPairs({ chain: request.chain, client, facts, token: getAddress(request.address) }),
    );
  }

  /** The section; `discovered` is round one already under way (discover()), else it is read here. */
  async analyze(request: MarketRequest, discovered?: Promise<Discovery>): Promise<MarketSection> {
    const { facts, client } = this.chains.get(request.chain);
    const token = getAddress(request.address);
    return withChainErrors(request.chain, async () => {
      const found = await (discovered ??
        discoverPairs({ chain: request.chain, client, facts, token, symbol: request.symbol }));
      const discovery = request.symbol ? { ...found, symbol: request.symbol } : found;
      const base = { ...discovery, decimals: request.decimals, totalSupply: request.totalSupply };
      const quotes = { wrappedNative: facts.wrappedNative, stablecoins: facts.stablecoins };
      if (discovery.pairs.length === 0) {
        return buildMarketSection({
          ...base,
          ...quotes,
          native: { byDex: new Map(), best: null },
          priced: [],
          activity: null,
        });
      }
      const target = discovery.latest.timestamp - DAY_SECONDS;
      const { native, priced, coarse } = await this.readPrices({
        chain: request.chain,
        client,
        facts,
        token,
        discovery,
        decimals: request.decimals,
      });
      const bracket = bracketStart(target, [...coarse, discovery.latest]);
      const activity = await this.readActivity({
        chain: request.chain,
        client,
        facts,
        discovery,
        priced,
        bracket,
        known: coarse,
      });
      return buildMarketSection({ ...base, ...quotes, native, priced, activity });
    });
  }

  /** Round two: every pool's state (V2 and Solidly reserves, V3 price, liquidity and balances) and the coarse window headers, in one batch. */
  private async readPrices(params: {
    chain: ChainKey;
    client: PublicClient;
    facts: ChainFacts;
    token: Address;
    discovery: Discovery;
    decimals: number;
  }): Promise<Priced> {
    const { discovery, facts } = params;
    const coarseBlocks = coarseProbeBlocks({
      latest: discovery.latest.number,
      windowSeconds: DAY_SECONDS,
      blockTimeMs: facts.blockTimeMs,
    });
    const pools: PoolToRead[] = [
      ...discovery.pairs.map((p) => ({
        address: p.address,
        kind: p.kind,
        ...sortedTokens(params.token, p.quote.address),
      })),
      ...discovery.referencePairs.map((r) => ({
        address: r.address,
        kind: 'v2' as const,
        ...sortedTokens(facts.wrappedNative.address, r.stable.address),
      })),
    ];
    const [states, coarse] = await Promise.all([
      readPoolStates({ chain: params.chain, client: params.client, pools, blockNumber: discovery.latest.number }),
      readStamps(params.client, coarseBlocks),
    ]);
    const tokenCount = discovery.pairs.length;
    const referenceStates = discovery.referencePairs.map((ref, i) => ({
      ref,
      reserves: states[tokenCount + i]?.reserves ?? null,
    }));
    const native = nativeUsdPrices(facts.wrappedNative, referenceStates);
    const priced = pricePairs({
      token: params.token,
      decimals: params.decimals,
      wrappedNative: facts.wrappedNative,
      pairs: discovery.pairs.map((ref, i) => ({
        ref,
        reserves: states[i]?.reserves ?? null,
        balances: states[i]?.balances ?? null,
      })),
      native,
    });
    return { native, priced, coarse };
  }

  /** Round three: Swap/Sync logs of the token's pairs (and the pricing reference pair) + fine headers. */
  private async readActivity(params: {
    chain: ChainKey;
    client: PublicClient;
    facts: ChainFacts;
    discovery: Discovery;
    priced: PricedPair[];
    bracket: Bracket;
    known: BlockStamp[];
  }): Promise<WindowActivity> {
    const { chain, client, discovery, bracket } = params;
    const latest = discovery.latest;
    const scanFrom = scanFromBlock(bracket);
    const fine = fineProbeBlocks(bracket);
    const reference = pricingPair(params.priced)?.referencePair ?? null;
    const referenceSpan = Math.max(
      MIN_REFERENCE_SPAN_BLOCKS,
      Math.ceil(estimatedWindowBlocks(DAY_SECONDS, params.facts.blockTimeMs) / REFERENCE_SPAN_FRACTION),
    );
    const [tokenLogs, referenceLogs, fineStamps] = await Promise.all([
      readPairLogs({
        chain,
        client,
        pairs: discovery.pairs.map((p) => p.address),
        fromBlock: scanFrom,
        toBlock: latest.number,
      }),
      reference
        ? readPairLogs({
            chain,
            client,
            pairs: [reference.ref.address],
            fromBlock: scanFrom,
            toBlock: Math.min(latest.number, bracket.above.number + referenceSpan),
          })
        : null,
      readStamps(client, fine),
    ]);
    const stamps = [...params.known, ...fineStamps, latest];
    const target = latest.timestamp - DAY_SECONDS;
    const start = resolveStart(target, bracketStart(target, stamps));
    const fromTimestamp = stamps.find((s) => s.number === start.fromBlock)?.timestamp ?? target;
    const referenceEvents =
      reference && referenceLogs?.events ? eventsFrom(referenceLogs.events, start.fromBlock) : null;
    return {
      window: {
        fromBlock: start.fromBlock,
        toBlock: latest.number,
        fromTimestamp,
        toTimestamp: latest.timestamp,
        exact: start.exact,
      },
      tokenEvents: tokenLogs.events ? eventsFrom(tokenLogs.events, start.fromBlock) : null,
      referenceEvents: reference ? (referenceEvents?.get(reference.ref.address.toLowerCase()) ?? null) : null,
      logsError: tokenLogs.error,
    };
  }
}
