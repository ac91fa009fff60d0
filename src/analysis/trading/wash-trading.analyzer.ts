import { Injectable } from '@nestjs/common';
import { formatUnits, getAddress } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { FundingTracer, type FundingLookup } from './funding-links';
import { extractTrades, pairSides, type Extraction } from './trade-extraction';
import type { LogsResult, Span } from './trading-logs';
import {
  analyseTrading,
  blocksIn,
  infrastructure,
  readBalances,
  readContractFlags,
  readHead,
  readSwapLogs,
  type Head,
  type TradingContext,
} from './trading-reads';
import type { TradingRequest, TradingStatus, WashTradingSection } from './trading.types';
import { fundingClusters, linkedRelays, observedHubs, type ClusterDraft } from './wash-clusters';
import { findRelays, findRoundTrips, walletStats, washCandidates, WASH_RULES, type WalletStats } from './wash-patterns';
import { washVerdict } from './wash-verdict';

/** The window: the last 7 days of chain time at the nominal block time, at most 100k blocks. */
export const WASH_WINDOW_SECONDS = 7 * 86_400;
export const MAX_WASH_WINDOW_BLOCKS = 100_000;

interface Candidates {
  wallets: WalletStats[];
  funding: FundingLookup;
  contracts: Set<string>;
  net: Map<string, bigint>;
  netMethod: 'balance_change' | 'swap_flow';
  window: { from: Head; to: Head };
}

/**
 * Wash trading from the Swap logs of the token's pairs over the window, in 2–4 HTTP requests:
 * (0) the head, unless the caller passes `latestBlock`; (1) Swap logs + token Transfers into the
 * pairs, every chunk in one batch; (2) for the candidate wallets, first funders (trace_filter),
 * code, balances at both ends of the window and the window's headers, in one batch; (3) only when
 * a funding-linked ring is suspected, how many wallets its funder paid (hub check).
 */
@Injectable()
export class WashTradingAnalyzer {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly funding: FundingTracer,
  ) {}

  analyze(request: TradingRequest): Promise<WashTradingSection> {
    return analyseTrading(this.chains, request, {
      noPool: () => notAnalysable('no_pool', request),
      run: (ctx, latest) => this.run(ctx, latest),
    });
  }

  private async run(ctx: TradingContext, latest: number): Promise<WashTradingSection> {
    const { request, facts } = ctx;
    const windowBlocks = Math.min(MAX_WASH_WINDOW_BLOCKS, blocksIn(WASH_WINDOW_SECONDS, facts.blockTimeMs));
    const logs = await readSwapLogs(ctx, { from: Math.max(0, latest - windowBlocks + 1), to: latest });
    if (!logs.covered) return notAnalysable('logs_unavailable', request, logs.error);
    const ignore = infrastructure(
      facts,
      request.pairs.map((p) => p.address),
    );
    const extraction = extractTrades({
      pairs: pairSides(ctx.token, request.pairs),
      swaps: logs.logs[0],
      transfersIn: logs.logs[1],
      ignore,
    });
    if (extraction.swaps === 0) return notAnalysable('no_trades', request, null, logs);
    return this.judge(ctx, { logs: { ...logs, covered: logs.covered }, extraction, ignore });
  }

  private async judge(
    ctx: TradingContext,
    p: { logs: LogsResult & { covered: Span }; extraction: Extraction; ignore: Set<string> },
  ): Promise<WashTradingSection> {
    const { trades, totalVolume } = p.extraction;
    const stats = walletStats(trades);
    const roundTrips = findRoundTrips(trades);
    const relays = findRelays(trades);
    const wallets = washCandidates({ stats, roundTrips, relays, totalVolume });
    const c = await this.readCandidates(ctx, { wallets, span: p.logs.covered, ignore: p.ignore });
    const hubs = observedHubs(c.funding.links);
    const drafts = fundingClusters({ wallets, links: c.funding.links, relays, hubs, net: c.net });
    const clusters = await this.dropHubs(ctx, { drafts, hubs, latest: p.logs.covered.to });
    const counted = linkedRelays({ relays, clusters, links: c.funding.links });
    const verdict = washVerdict({
      trades,
      totalVolume,
      stats,
      roundTrips,
      relays: counted,
      clusters,
      links: c.funding.links,
      net: c.net,
      contracts: c.contracts,
      decimals: ctx.request.decimals,
    });
    const units = (v: bigint) => Number(formatUnits(v, ctx.request.decimals));
    return {
      analysable: true,
      status: 'analysed',
      detected: verdict.detected,
      wash_volume_percent: verdict.washPercent,
      total_volume: units(totalVolume),
      wash_volume: units(verdict.washVolume),
      suspicious_wallets: verdict.suspicious,
      clusters: verdict.clusters,
      window: {
        from_block: c.window.from.number,
        to_block: c.window.to.number,
        from_timestamp: c.window.from.timestamp,
        to_timestamp: c.window.to.timestamp,
        truncated: p.logs.truncated,
      },
      evidence: {
        ...emptyEvidence(ctx.request),
        swaps: p.extraction.swaps,
        traders: stats.size,
        round_trips: roundTrips.filter((r) => !c.contracts.has(r.wallet)).length,
        relays: counted.length,
        funding_method: c.funding.method,
        funding_lookups: wallets.length,
        hubs_ignored: [...hubs].map((h) => getAddress(h)),
        net_position_method: c.netMethod,
        logs_error: p.logs.error,
      },
      score: verdict.score,
      grade: verdict.grade,
    };
  }

  /** Round two, one batch: funders, code, balances at both window ends, and the window's headers. */
  private async readCandidates(
    ctx: TradingContext,
    p: { wallets: WalletStats[]; span: Span; ignore: Set<string> },
  ): Promise<Candidates> {
    const addresses = p.wallets.map((w) => w.wallet);
    const balances = (block: number) =>
      readBalances({
        chain: ctx.chain,
        client: ctx.client,
        multicall3: ctx.facts.multicall3,
        token: ctx.token,
        wallets: addresses,
        block,
      });
    const [funding, contracts, end, start, from, to] = await Promise.all([
      this.funding.firstFunders({
        chain: ctx.chain,
        client: ctx.client,
        wallets: p.wallets.map((w) => ({ address: w.wallet, before: w.firstBlock })),
        lookbackBlocks: blocksIn(WASH_WINDOW_SECONDS, ctx.facts.blockTimeMs),
        ignore: p.ignore,
      }),
      readContractFlags(ctx.client, addresses),
      balances(p.span.to),
      p.span.from === 0 ? Promise.resolve(addresses.map(() => 0n)) : balances(p.span.from - 1),
      readHead(ctx.client, p.span.from),
      readHead(ctx.client, p.span.to),
    ]);
    const exact = end !== null && start !== null;
    const net = new Map(p.wallets.map((w, i) => [w.wallet, exact ? end[i] - start[i] : w.bought - w.sold]));
    return {
      wallets: p.wallets,
      funding,
      contracts,
      net,
      netMethod: exact ? 'balance_change' : 'swap_flow',
      window: { from, to },
    };
  }

  /** Round three, only for suspected rings: a funder that paid hubMinRecipients wallets is a hub. */
  private async dropHubs(
    ctx: TradingContext,
    p: { drafts: ClusterDraft[]; hubs: Set<string>; latest: number },
  ): Promise<ClusterDraft[]> {
    const unchecked = p.drafts.filter((d) => !d.wallets.includes(d.funder));
    const counts = await this.funding.recipientCounts({
      chain: ctx.chain,
      client: ctx.client,
      funders: unchecked.map((d) => ({ address: d.funder, around: d.fundedAt })),
      latest: p.latest,
    });
    for (const [funder, n] of counts) if (n >= WASH_RULES.hubMinRecipients) p.hubs.add(funder);
    return p.drafts.filter((d) => !p.hubs.has(d.funder));
  }
}

function emptyEvidence(request: TradingRequest): WashTradingSection['evidence'] {
  return {
    pairs: request.pairs.map((p) => getAddress(p.address)),
    swaps: 0,
    traders: 0,
    round_trips: 0,
    relays: 0,
    funding_method: 'not_needed',
    funding_lookups: 0,
    hubs_ignored: [],
    net_position_method: 'swap_flow',
    logs_error: null,
  };
}

/** "Could not tell": no score, no grade, never read as clean. */
function notAnalysable(
  status: TradingStatus,
  request: TradingRequest,
  logsError: string | null = null,
  logs?: LogsResult,
): WashTradingSection {
  const covered = logs?.covered;
  return {
    analysable: false,
    status,
    detected: false,
    wash_volume_percent: null,
    total_volume: 0,
    wash_volume: 0,
    suspicious_wallets: [],
    clusters: [],
    window: covered
      ? {
          from_block: covered.from,
          to_block: covered.to,
          from_timestamp: null,
          to_timestamp: null,
          truncated: logs.truncated,
        }
      : null,
    evidence: { ...emptyEvidence(request), logs_error: logsError },
    score: null,
    grade: null,
  };
}
