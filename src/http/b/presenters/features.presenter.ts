import { z } from 'zod';
import type { TokenReport } from '../../../analysis/report/token-report';
import { FINDING_KINDS } from '../../../analysis/contract/engine/findings';
import { fraction, round2 } from '../../../common/format';
import { component } from '../../shared/openapi/api-schemas';
import { contractFacts } from '../../shared/presenters/contract-facts';
import { poolKindFields, poolKindOf, SimulatedPool, simulatedPool } from '../../shared/presenters/pool-kind';
import { ResolvedPair, resolvedFromField } from '../../shared/presenters/resolved-pair';
import { honeypotVerdict } from '../../shared/presenters/labels';
import { holderSellsComponent, presentHolderSells } from '../../shared/presenters/holder-sells';
import { liquidityLocksComponent, presentLiquidityLocks } from '../../shared/presenters/liquidity-locks';
import { presentTimeBomb, timeBombComponent } from '../../shared/presenters/time-bomb';
import { presentTradingStatus, tradingStatusComponent } from '../../shared/presenters/trading-status';
import {
  address,
  chainKey,
  count,
  grade,
  honeypotVerdict as honeypotVerdictField,
  instant,
  overallRisk as overallRiskField,
  riskB,
  rugPullRisk,
  score,
  success,
  tax,
} from './fields';

const TimeBombB = timeBombComponent('TimeBombB');
const HolderSellsB = holderSellsComponent('HolderSellsB');
const LiquidityLocksB = liquidityLocksComponent('LiquidityLocksB');

const FeatureTokenB = component(
  'FeatureTokenB',
  z.object({
    address: address(),
    chain: chainKey,
    chain_id: z.number().int().meta({ example: 1 }),
    name: z.string().meta({ example: 'Clean Token' }),
    symbol: z.string().meta({ example: 'CLEAN' }),
  }),
);

/** The fields every /features answer starts with. */
const featureHeader = <F extends string>(feature: F) => ({
  success,
  feature: z.literal(feature),
  token: FeatureTokenB,
  resolved_from: ResolvedPair.optional(),
});

function header<F extends string>(report: TokenReport, feature: F) {
  return {
    success: true as const,
    feature,
    token: {
      address: report.address,
      chain: report.chain,
      chain_id: report.chainId,
      name: report.token.name,
      symbol: report.token.symbol,
    },
    ...resolvedFromField(report),
  };
}

const findings = z.array(z.string()).meta({ description: 'Why points were taken, largest first' });
const usd = (example: number) =>
  z.number().nullable().meta({ example, description: 'USD; null when the token has no priced pool' });
const percent = (example: number) => z.number().meta({ example, description: 'Percent (0–100)' });
const nullableAddress = z.string().nullable().meta({ example: '0x8464135c8F25Da09e49BC8782676a84730C318bC' });

export const SecurityFeatureResponseB = component(
  'SecurityFeatureResponseB',
  z.object({
    ...featureHeader('security'),
    score,
    grade,
    overall_risk: overallRiskField,
    honeypot: honeypotVerdictField,
    rug_pull_risk: rugPullRisk,
    simulation: z.object({
      possible: z
        .boolean()
        .meta({ description: 'A round trip (buy, transfer, sell) was simulated and its numbers mean something' }),
      reason: z
        .enum(['no_pool', 'no_route', 'insufficient_liquidity', 'quote_token', 'call_failed'])
        .nullable()
        .meta({ description: 'Why no round trip could be simulated' }),
      detail: z.string().nullable().meta({ description: 'The reason, or a failing leg, in words' }),
      is_honeypot: z.boolean().nullable(),
      honeypot_reason: z.string().nullable().meta({ example: 'sell reverted: TRANSFER_FAILED' }),
      cannot_buy: z.boolean().nullable(),
      cannot_sell: z.boolean().nullable(),
      cannot_sell_all: z
        .boolean()
        .nullable()
        .meta({ description: 'The full holding could not be sold though a part could' }),
      buy_tax: tax('0.05'),
      sell_tax: tax('0.25'),
      transfer_tax: tax('0'),
      gas: z
        .object({
          buy: z.number().int().nullable(),
          transfer: z.number().int().nullable(),
          sell: z.number().int().nullable(),
        })
        .meta({ example: { buy: 100_237, transfer: 31_074, sell: 60_690 }, description: 'Gas used by each leg' }),
      max_buy_percent_of_supply: z.number().nullable().meta({
        example: 5,
        description: 'Largest buy that went through, percent of supply (a lower bound of a limit); null without probes',
      }),
      max_sell_percent_of_supply: z.number().nullable().meta({ example: 4.75 }),
      dex: z.string().nullable().meta({ example: 'Uniswap V2' }),
      pair: nullableAddress,
      time_bomb: TimeBombB,
      holder_sells: HolderSellsB,
      pool: SimulatedPool,
    }),
    liquidity_locks: LiquidityLocksB,
    contract: z.object({
      verified: z.boolean().nullable().meta({ description: 'Source verified; null when it could not be checked' }),
      is_proxy: z.boolean(),
      implementation: nullableAddress,
      owner: nullableAddress,
      owner_renounced: z.boolean().nullable().meta({ description: 'null when the contract has no owner getter' }),
      can_mint: z.boolean(),
      can_pause: z.boolean(),
      can_blacklist: z.boolean(),
      can_change_fees: z.boolean(),
      hidden_mint: z.boolean().nullable(),
      selfdestruct: z.boolean(),
      delegatecall: z.boolean(),
      proxy_kind: z.enum(['eip1967', 'eip1967_beacon', 'eip1822', 'eip1167']).nullable(),
      has_limits: z.boolean(),
      has_cooldown: z.boolean(),
      has_trading_switch: z.boolean(),
      trading_status: tradingStatusComponent('TradingStatusB'),
      malicious_functions: z.array(
        z.object({
          name: z.string().meta({
            example: 'setFees(uint256,uint256)',
            description: 'The function: its signature, or its selector when unknown',
          }),
          selector: z.string().nullable().meta({ example: '0x0b78f9c0' }),
          kind: z.enum(FINDING_KINDS),
          severity: z.enum(['critical', 'high', 'medium', 'low']),
          status: z.enum(['live', 'dormant']).meta({ description: 'dormant: nobody holds the authority (renounced)' }),
          why: z.string().meta({
            example:
              'Can set a fee that confiscates most of a transfer. as the authority: `setFees(uint256,uint256)` with (probe victim, 100): a holder kept 0% of a transfer',
          }),
        }),
      ),
    }),
    findings,
  }),
);
export type SecurityFeatureResponseB = z.output<typeof SecurityFeatureResponseB>;

/** `POST /features/security`: everything the security section found, as numbers and booleans. */
export function presentSecurityFeature(report: TokenReport): SecurityFeatureResponseB {
  const { contract: c, simulation: s } = report.security!;
  const score = report.scores.components.security!;
  return {
    ...header(report, 'security'),
    score: score.score,
    grade: score.grade,
    overall_risk: riskB(report.scores.securityRisk!),
    honeypot: honeypotVerdict(report),
    rug_pull_risk: riskB(report.scores.rugPull),
    simulation: {
      possible: s.possible,
      reason: s.reason,
      detail: s.detail,
      is_honeypot: s.isHoneypot,
      honeypot_reason: s.honeypotReason,
      cannot_buy: s.cannotBuy,
      cannot_sell: s.cannotSell,
      cannot_sell_all: s.cannotSellAll,
      buy_tax: fraction(s.buyTax),
      sell_tax: fraction(s.sellTax),
      transfer_tax: fraction(s.transferTax),
      gas: s.gas,
      max_buy_percent_of_supply: s.limits?.maxBuyPercentOfSupply ?? null,
      max_sell_percent_of_supply: s.limits?.maxSellPercentOfSupply ?? null,
      dex: s.evidence.dex,
      pair: s.evidence.pair,
      time_bomb: presentTimeBomb(s.timeBomb),
      holder_sells: presentHolderSells(report.security!.holderSells),
      pool: simulatedPool(s),
    },
    liquidity_locks: presentLiquidityLocks(report.security!.liquidityLocks),
    contract: {
      ...contractFacts(c),
      proxy_kind: c.proxy.kind,
      has_limits: c.hasLimits || s.limits?.hasLimits === true,
      has_cooldown: c.hasCooldown,
      has_trading_switch: c.hasTradingSwitch,
      trading_status: presentTradingStatus(c.trading),
      malicious_functions: c.maliciousFunctions,
    },
    findings: score.findings,
  };
}

export const MarketFeatureResponseB = component(
  'MarketFeatureResponseB',
  z.object({
    ...featureHeader('market'),
    score,
    grade,
    listed: z.boolean().meta({ description: 'At least one pair with liquidity exists' }),
    price_usd: usd(1.2345),
    price_change_24h: z
      .number()
      .nullable()
      .meta({ example: 4.57, description: 'Percent, 2 decimals; null when unknown' }),
    market_cap: usd(1_234_567),
    volume_24h: usd(45_600),
    liquidity_usd: usd(250_000),
    liquidity_status: z
      .enum(['EXCELLENT', 'GOOD', 'MODERATE', 'LOW', 'VERY_LOW', 'NONE', 'UNKNOWN'])
      .meta({ description: 'UNKNOWN when the quote token has no USD price' }),
    trading_pairs: z.array(
      z.object({
        dex: z.string().meta({ example: 'Uniswap V2' }),
        ...poolKindFields,
        pair: z.string().meta({ example: 'CLEAN/WETH' }),
        address: address('0x8464135c8F25Da09e49BC8782676a84730C318bC'),
        quote: z.string().meta({ example: 'WETH' }),
        price_usd: usd(1.2345),
        liquidity_usd: usd(250_000),
        volume_24h: usd(45_600),
        swaps_24h: z.number().int().nullable().meta({ example: 57 }),
      }),
    ),
    block: z.number().int().nullable().meta({ example: 346, description: 'The block the figures were read at' }),
    findings,
  }),
);
export type MarketFeatureResponseB = z.output<typeof MarketFeatureResponseB>;

/** `POST /features/market`. */
export function presentMarketFeature(report: TokenReport): MarketFeatureResponseB {
  const m = report.market!;
  const score = report.scores.components.market!;
  return {
    ...header(report, 'market'),
    score: score.score,
    grade: score.grade,
    listed: m.listed,
    price_usd: m.priceUsd,
    price_change_24h: m.priceChange24hPercent === null ? null : round2(m.priceChange24hPercent),
    market_cap: m.marketCapUsd,
    volume_24h: m.volume24hUsd,
    liquidity_usd: m.liquidity.totalUsd,
    liquidity_status: m.liquidity.status,
    trading_pairs: m.tradingPairs.map((p) => ({
      dex: p.dex,
      ...poolKindOf(p),
      pair: p.pair,
      address: p.address,
      quote: p.quoteSymbol,
      price_usd: p.priceUsd,
      liquidity_usd: p.liquidityUsd,
      volume_24h: p.volume24hUsd,
      swaps_24h: p.swaps24h,
    })),
    block: m.evidence.blockNumber,
    findings: score.findings,
  };
}

export const HoldersFeatureResponseB = component(
  'HoldersFeatureResponseB',
  z.object({
    ...featureHeader('holders'),
    score,
    grade,
    total_holders: count(412).meta({
      description: 'Addresses with a positive balance; pair, burn and zero addresses left out',
    }),
    top_10_percentage: percent(57.97).meta({
      description: 'Share of the circulating supply held by the 10 largest holders (excluded addresses left out)',
    }),
    top_100_percentage: percent(88.4),
    whale_activity: z.enum(['LOW', 'MODERATE', 'HIGH', 'VERY_HIGH']),
    distribution: z.enum(['HEALTHY', 'MODERATE', 'CONCENTRATED', 'HIGHLY_CONCENTRATED']),
    recent_activity: z.object({
      new_holders_24h: count(12),
      large_transactions: count(3).meta({
        description: 'Transfers of at least 1% of the total supply in the last 24 h',
      }),
    }),
    top_holders: z.array(
      z.object({
        rank: z.number().int().min(1).meta({ example: 1 }),
        address: address('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'),
        amount: z.string().meta({
          example: '517738684.2693190727530144',
          description: 'Whole tokens (decimals applied), decimal text',
        }),
        percentage: percent(51.77).meta({ description: 'Share of the total supply, percent' }),
        tags: z.array(z.enum(['pair', 'burn', 'zero', 'contract'])),
        excluded: z.boolean().meta({ description: 'Pair, burn and zero addresses: not counted in the shares' }),
      }),
    ),
    indexed_to_block: z.number().int().meta({ example: 346 }),
    findings,
  }),
);
export type HoldersFeatureResponseB = z.output<typeof HoldersFeatureResponseB>;

/** `POST /features/holders`. */
export function presentHoldersFeature(report: TokenReport): HoldersFeatureResponseB {
  const h = report.holders!;
  const score = report.scores.components.holders!;
  return {
    ...header(report, 'holders'),
    score: score.score,
    grade: score.grade,
    total_holders: h.total_holders,
    top_10_percentage: round2(h.top_10_percentage),
    top_100_percentage: round2(h.top_100_percentage),
    whale_activity: h.whale_activity,
    distribution: h.distribution,
    recent_activity: h.recent_activity,
    top_holders: h.top_holders.map((t) => ({
      rank: t.rank,
      address: t.address,
      amount: t.amount,
      percentage: t.percentage,
      tags: t.tags,
      excluded: t.excluded,
    })),
    indexed_to_block: h.indexed_to_block,
    findings: score.findings,
  };
}

const link = (example: string) => z.string().nullable().meta({ example });
const links = z.object({
  website: link('https://cleantoken.example'),
  x: link('https://x.com/cleantoken'),
  telegram: link('https://t.me/cleantoken'),
  github: link('https://github.com/cleantoken'),
});
const direction = z.enum(['RISING', 'STABLE', 'FALLING']);
const engagementWindow = z.object({ posts: count(40), likes: count(1_200), reposts: count(310), replies: count(95) });

const SocialUnavailableB = z.object({
  ...featureHeader('social-score'),
  available: z.literal(false),
  reason: z.string().meta({
    example: 'no social data is known for this token',
    description: 'Why there is no social analysis (never replaced by a made-up score)',
  }),
  links,
});

const SocialAvailableB = z.object({
  ...featureHeader('social-score'),
  available: z.literal(true),
  source: z.enum(['devnet', 'x']),
  as_of: instant('2026-11-21T12:00:00.000Z'),
  social_score: score.meta({ example: 78 }),
  grade,
  score_parts: z
    .object({
      sentiment: z.number(),
      activity: z.number(),
      links: z.number(),
      influencers: z.number(),
      trend: z.number(),
    })
    .meta({ description: 'The points each part gave the social score' }),
  sentiment: z.object({
    label: z.enum(['POSITIVE', 'NEUTRAL', 'NEGATIVE']),
    compound: z.number().min(-1).max(1).meta({ example: 0.42, description: 'Mean VADER compound score, −1..1' }),
    positive: count(30).meta({ description: 'Posts' }),
    neutral: count(8),
    negative: count(2),
  }),
  engagement: z.object({ last_24h: engagementWindow, last_7d: engagementWindow }),
  influencers: z.object({
    follower_threshold: count(10_000).meta({ description: 'Followers from which an author counts as an influencer' }),
    posts: count(4),
    authors: z.array(z.string()).meta({ example: ['cryptoanalyst'] }),
  }),
  trend: z.object({
    posts_24h: count(12),
    posts_previous_24h: count(9),
    sentiment_24h: z.number().nullable().meta({ description: 'Mean compound of the last 24 h; null without posts' }),
    sentiment_previous_24h: z.number().nullable(),
    volume: direction,
    sentiment: direction,
    direction: direction.meta({ description: "The sentiment's direction when it moved, else the volume's" }),
  }),
  links,
});

export const SocialScoreFeatureResponseB = component(
  'SocialScoreFeatureResponseB',
  z
    .union([SocialAvailableB, SocialUnavailableB])
    .meta({ description: 'With `available: false` (and why) when there is no social data for the token' }),
);
export type SocialScoreFeatureResponseB = z.output<typeof SocialScoreFeatureResponseB>;

/** `POST /features/social-score`. */
export function presentSocialFeature(report: TokenReport): SocialScoreFeatureResponseB {
  const s = report.social!;
  const links = { website: s.links.website, x: s.links.x, telegram: s.links.telegram, github: s.links.github };
  if (!s.available) return { ...header(report, 'social-score'), available: false, reason: s.reason, links };
  const t = s.trend;
  return {
    ...header(report, 'social-score'),
    available: true,
    source: s.source,
    as_of: s.asOf,
    social_score: s.socialScore,
    grade: s.grade,
    score_parts: s.scoreParts,
    sentiment: {
      label: s.sentiment.overall.label,
      compound: s.sentiment.overall.compound,
      positive: s.sentiment.positive,
      neutral: s.sentiment.neutral,
      negative: s.sentiment.negative,
    },
    engagement: { last_24h: s.engagement.last24h, last_7d: s.engagement.last7d },
    influencers: {
      follower_threshold: s.influencers.followerThreshold,
      posts: s.influencers.posts,
      authors: s.influencers.authors,
    },
    trend: {
      posts_24h: t.posts24h,
      posts_previous_24h: t.postsPrevious24h,
      sentiment_24h: t.sentiment24h,
      sentiment_previous_24h: t.sentimentPrevious24h,
      volume: t.volume,
      sentiment: t.sentiment,
      direction: t.direction,
    },
    links,
  };
}

const tradingStatus = z
  .enum(['analysed', 'no_pool', 'no_trades', 'no_liquidity', 'logs_unavailable'])
  .meta({ description: 'analysed: the verdict stands; anything else means "could not tell", never "clean"' });
const tokenUnits = (example: number) => z.number().meta({ example, description: 'Token units' });
const wallets = z
  .array(z.string())
  .meta({ example: ['0x90F79bf6EB2c4f870365E785982E1f101E93b906', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'] });
const funder = address('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
const sectionScore = z.number().nullable().meta({ example: 90, description: 'null when not analysable' });

export const WashTradingFeatureResponseB = component(
  'WashTradingFeatureResponseB',
  z.object({
    ...featureHeader('wash-trading'),
    analysable: z.boolean(),
    status: tradingStatus,
    detected: z.boolean(),
    wash_volume_percent: z
      .number()
      .nullable()
      .meta({ example: 38.2, description: "Share of the window's token volume judged wash; null when not analysable" }),
    total_volume: tokenUnits(120_000),
    wash_volume: tokenUnits(45_840),
    suspicious_wallets: z.array(
      z.object({
        address: address('0x90F79bf6EB2c4f870365E785982E1f101E93b906'),
        reasons: z.array(z.enum(['round_trip', 'relay', 'funding_cluster', 'net_zero_high_volume'])),
        volume: tokenUnits(20_000),
        bought: tokenUnits(10_000),
        sold: tokenUnits(10_000),
        net_position: tokenUnits(0).meta({
          description: "Change of the wallet's balance over the window, token units",
        }),
        trades: count(8),
        funder: funder.nullable(),
      }),
    ),
    clusters: z.array(
      z.object({
        funder: funder.meta({ description: 'The wallet that sent every member its first native coin' }),
        wallets,
        volume: tokenUnits(45_840),
        relays: count(6).meta({
          description: 'Hand-overs between members: one bought, another sold the same amount a few blocks later',
        }),
      }),
    ),
    window: z
      .object({
        from_block: z.number().int(),
        to_block: z.number().int(),
        from_timestamp: z.number().int().nullable(),
        to_timestamp: z.number().int().nullable(),
        truncated: z
          .boolean()
          .meta({ description: 'Shortened because the node refused part of it (the newest blocks were kept)' }),
      })
      .nullable(),
    score: sectionScore,
    grade: grade.nullable(),
  }),
);
export type WashTradingFeatureResponseB = z.output<typeof WashTradingFeatureResponseB>;

/** `POST /features/wash-trading`: the section without its evidence. */
export function presentWashFeature(report: TokenReport): WashTradingFeatureResponseB {
  const { evidence: _evidence, ...section } = report.washTrading!;
  return { ...header(report, 'wash-trading'), ...section };
}

export const SniperSellersFeatureResponseB = component(
  'SniperSellersFeatureResponseB',
  z.object({
    ...featureHeader('sniper-sellers'),
    analysable: z.boolean(),
    status: tradingStatus,
    launch: z
      .object({ pair: address('0x8464135c8F25Da09e49BC8782676a84730C318bC'), block: z.number().int() })
      .nullable()
      .meta({ description: 'The first liquidity added to any pair of the token' }),
    window: z
      .object({ from_block: z.number().int(), to_block: z.number().int(), blocks: count(3) })
      .nullable()
      .meta({ description: 'Buys in blocks from_block..to_block (inclusive) are sniper buys' }),
    sniper_count: count(5),
    snipers: z.array(
      z.object({
        address: address('0x976EA74026E726554dB657fA54763abd0C3a0aa9'),
        block: z.number().int(),
        blocks_after_launch: count(1),
        bought: tokenUnits(25_000),
        balance: tokenUnits(0).meta({ description: 'Token units held now' }),
        status: z.enum(['holding', 'sold_partly', 'sold_fully']),
        funder: funder.nullable(),
        is_contract: z.boolean(),
        in_bundle: z.boolean(),
      }),
    ),
    bundles: z.array(
      z.object({
        funder,
        wallets,
        funding_block: z.number().int(),
        same_block: z.boolean().meta({ description: 'Every member was funded in the same block' }),
      }),
    ),
    sold_fully: count(3),
    sold_partly: count(1),
    still_holding: count(1),
    bought_percent_of_supply: percent(12.5).meta({ description: 'What the snipers bought, percent of total supply' }),
    holding_percent_of_supply: percent(2.1).meta({ description: 'What they hold now, percent of total supply' }),
    score: sectionScore,
    grade: grade.nullable(),
  }),
);
export type SniperSellersFeatureResponseB = z.output<typeof SniperSellersFeatureResponseB>;

/** `POST /features/sniper-sellers`: the section without its evidence. */
export function presentSniperFeature(report: TokenReport): SniperSellersFeatureResponseB {
  const { evidence: _evidence, ...section } = report.snipers!;
  return { ...header(report, 'sniper-sellers'), ...section };
}
