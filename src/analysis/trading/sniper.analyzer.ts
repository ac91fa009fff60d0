import { Injectable } from '@nestjs/common';
import { formatUnits, getAddress } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { gradeOf } from '../scoring/grades';
import { FundingTracer, type FundingLookup } from './funding-links';
import {
  findBundles,
  percentOf,
  sniperBuys,
  sniperScore,
  sniperStatus,
  sniperWindowBlocks,
  type BundleDraft,
  type Launch,
  type SniperBuy,
} from './sniper-detection';
import { extractTrades, firstMint, pairSides } from './trade-extraction';
import { MINT_TOPIC, readLogsBatched, V3_MINT_TOPIC } from './trading-logs';
import {
  analyseTrading,
  blocksIn,
  infrastructure,
  readBalances,
  readContractFlags,
  readSwapLogs,
  type TradingContext,
} from './trading-reads';
import type { Sniper, SniperSection, TradingRequest, TradingStatus } from './trading.types';
import { observedHubs } from './wash-clusters';
import { WASH_RULES } from './wash-patterns';

/** Funding of a sniper is looked for in the day before its buy (fresh wallets, funded shortly before). */
export const SNIPER_FUNDING_LOOKBACK_SECONDS = 86_400;

interface Holdings {
  funding: FundingLookup;
  contracts: Set<string>;
  balances: bigint[];
}

/**
 * Snipers in 3–4 HTTP requests (plus the head when `latestBlock` is not given): (1) Mint logs of
 * the pairs from genesis — the first one is the launch; (2) Swap logs and token Transfers into the
 * pairs over the sniper window; (3) the buyers' first funders, code and balances now, one batch;
 * (4) only when a bundle is suspected, how many wallets its funder paid (hub check).
 */
@Injectable()
export class SniperAnalyzer {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly funding: FundingTracer,
  ) {}

  analyze(request: TradingRequest): Promise<SniperSection> {
    return analyseTrading(this.chains, request, {
      noPool: () => notAnalysable('no_pool', request),
      run: (ctx, latest) => this.run(ctx, latest),
    });
  }

  private async run(ctx: TradingContext, latest: number): Promise<SniperSection> {
    const { request } = ctx;
    const pairs = request.pairs.map((p) => p.address);
    const mints = await readLogsBatched({
      chain: ctx.chain,
      client: ctx.client,
      span: { from: 0, to: latest },
      chunkBlocks: latest + 1,
      queries: [{ address: pairs, topics: [[MINT_TOPIC, V3_MINT_TOPIC]] }],
    });
    if (mints.truncated) return notAnalysable('logs_unavailable', request, mints.error);
    const launch = firstMint(mints.logs[0]);
    if (!launch) return notAnalysable('no_liquidity', request);
    const windowBlocks = sniperWindowBlocks(ctx.facts.blockTimeMs);
    const buys = await this.readBuys(ctx, { launch, windowBlocks, latest });
    if (buys === null) return notAnalysable('logs_unavailable', request, 'sniper window logs refused');
    const holdings = await this.readHoldings(ctx, { buys, latest });
    const hubs = observedHubs(holdings.funding.links);
    const drafts = findBundles({ wallets: buys.map((b) => b.wallet), links: holdings.funding.links, hubs });
    const bundles = await this.dropHubs(ctx, { drafts, hubs, latest });
    return this.section(ctx, { launch, windowBlocks, buys, holdings, bundles, hubs });
  }

  private async readBuys(
    ctx: TradingContext,
    p: { launch: Launch; windowBlocks: number; latest: number },
  ): Promise<SniperBuy[] | null> {
    const pairs = ctx.request.pairs.map((x) => x.address);
    const span = { from: p.launch.block, to: Math.min(p.latest, p.launch.block + p.windowBlocks - 1) };
    const logs = await readSwapLogs(ctx, span);
    if (logs.truncated) return null;
    const ignore = infrastructure(ctx.facts, pairs);
    const { trades } = extractTrades({
      pairs: pairSides(ctx.token, ctx.request.pairs),
      swaps: logs.logs[0],
      transfersIn: logs.logs[1],
      ignore,
    });
    return sniperBuys(trades, p.launch, p.windowBlocks);
  }

  /** One batch: each buyer's first funder before its buy, its code, and its balance now. */
  private async readHoldings(ctx: TradingContext, p: { buys: SniperBuy[]; latest: number }): Promise<Holdings> {
    const wallets = p.buys.map((b) => b.wallet);
    const pairs = ctx.request.pairs.map((x) => x.address);
    const [funding, contracts, balances] = await Promise.all([
      this.funding.firstFunders({
        chain: ctx.chain,
        client: ctx.client,
        wallets: p.buys.map((b) => ({ address: b.wallet, before: b.block })),
        lookbackBlocks: blocksIn(SNIPER_FUNDING_LOOKBACK_SECONDS, ctx.facts.blockTimeMs),
        ignore: infrastructure(ctx.facts, pairs),
      }),
      readContractFlags(ctx.client, wallets),
      readBalances({
        chain: ctx.chain,
        client: ctx.client,
        multicall3: ctx.facts.multicall3,
        token: ctx.token,
        wallets,
        block: p.latest,
      }),
    ]);
    return { funding, contracts, balances: balances ?? wallets.map(() => 0n) };
  }

  private async dropHubs(
    ctx: TradingContext,
    p: { drafts: BundleDraft[]; hubs: Set<string>; latest: number },
  ): Promise<BundleDraft[]> {
    const counts = await this.funding.recipientCounts({
      chain: ctx.chain,
      client: ctx.client,
      funders: p.drafts.map((d) => ({ address: d.funder, around: d.fundingBlock })),
      latest: p.latest,
    });
    for (const [funder, n] of counts) if (n >= WASH_RULES.hubMinRecipients) p.hubs.add(funder);
    return p.drafts.filter((d) => !p.hubs.has(d.funder));
  }

  private section(
    ctx: TradingContext,
    p: {
      launch: Launch;
      windowBlocks: number;
      buys: SniperBuy[];
      holdings: Holdings;
      bundles: BundleDraft[];
      hubs: Set<string>;
    },
  ): SniperSection {
    const { decimals, totalSupply } = ctx.request;
    const units = (v: bigint) => Number(formatUnits(v, decimals));
    const bundled = new Set(p.bundles.flatMap((b) => b.wallets));
    const snipers: Sniper[] = p.buys.map((b, i) => {
      const balance = p.holdings.balances[i];
      const funder = p.holdings.funding.links.get(b.wallet)?.funder;
      return {
        address: getAddress(b.wallet),
        block: b.block,
        blocks_after_launch: b.block - p.launch.block,
        bought: units(b.bought),
        balance: units(balance),
        status: sniperStatus(b.bought, balance),
        funder: funder ? getAddress(funder) : null,
        is_contract: p.holdings.contracts.has(b.wallet),
        in_bundle: bundled.has(b.wallet),
      };
    });
    const bought = p.buys.reduce((s, b) => s + b.bought, 0n);
    const held = p.holdings.balances.reduce((s, b) => s + b, 0n);
    const boughtPercent = percentOf(bought, totalSupply);
    const holdingPercent = percentOf(held, totalSupply);
    const score = sniperScore({ count: snipers.length, boughtPercent, holdingPercent, bundles: p.bundles.length });
    return {
      analysable: true,
      status: 'analysed',
      launch: { pair: getAddress(p.launch.pair), block: p.launch.block },
      window: { from_block: p.launch.block, to_block: p.launch.block + p.windowBlocks - 1, blocks: p.windowBlocks },
      sniper_count: snipers.length,
      snipers,
      bundles: p.bundles.map((b) => ({
        funder: getAddress(b.funder),
        wallets: b.wallets.map((w) => getAddress(w)),
        funding_block: b.fundingBlock,
        same_block: b.sameBlock,
      })),
      sold_fully: snipers.filter((s) => s.status === 'sold_fully').length,
      sold_partly: snipers.filter((s) => s.status === 'sold_partly').length,
      still_holding: snipers.filter((s) => s.status !== 'sold_fully').length,
      bought_percent_of_supply: boughtPercent,
      holding_percent_of_supply: holdingPercent,
      evidence: {
        pairs: ctx.request.pairs.map((x) => getAddress(x.address)),
        funding_method: p.holdings.funding.method,
        hubs_ignored: [...p.hubs].map((h) => getAddress(h)),
        logs_error: null,
      },
      score,
      grade: gradeOf(score),
    };
  }
}

function notAnalysable(status: TradingStatus, request: TradingRequest, logsError: string | null = null): SniperSection {
  return {
    analysable: false,
    status,
    launch: null,
    window: null,
    sniper_count: 0,
    snipers: [],
    bundles: [],
    sold_fully: 0,
    sold_partly: 0,
    still_holding: 0,
    bought_percent_of_supply: 0,
    holding_percent_of_supply: 0,
    evidence: {
      pairs: request.pairs.map((p) => getAddress(p.address)),
      funding_method: 'not_needed',
      hubs_ignored: [],
      logs_error: logsError,
    },
    score: null,
    grade: null,
  };
}
