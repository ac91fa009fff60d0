import { z } from 'zod';
import { FINDING_KINDS } from '../../../analysis/contract/engine/findings';
import { FEATURES } from '../../../analysis/report/token-report';
import { GRADES } from '../../../analysis/scoring/grades';
import { chainIdField, component } from '../../shared/openapi/api-schemas';
import { creatorComponent } from '../../shared/presenters/creator';
import { holderSellsComponent } from '../../shared/presenters/holder-sells';
import { liquidityLocksComponent } from '../../shared/presenters/liquidity-locks';
import { timeBombComponent } from '../../shared/presenters/time-bomb';
import { tradingStatusComponent } from '../../shared/presenters/trading-status';
import { pendingField } from '../../shared/presenters/job';
import { ErrorA } from '../../shared/openapi/error-envelopes';
import { poolKindFields } from '../../shared/presenters/pool-kind';
import { ResolvedPair } from '../../shared/presenters/resolved-pair';
import {
  DISTRIBUTION_LABELS,
  HONEYPOT_LABELS,
  LIQUIDITY_LABELS,
  RUG_LABELS,
  WHALE_LABELS,
} from '../../shared/presenters/labels';
import {
  address,
  CACHE_STATUSES,
  count,
  EXAMPLE_TOKEN,
  EXAMPLE_WALLET,
  isoTime,
  score,
  SEVERITIES_A,
} from './schema-fields';

// Surface A's token scan report (SPEC.md "Token scan report"), as scan.presenter.ts builds it.

const usdText = (example: string) =>
  z.string().meta({ example, description: 'US dollars, abbreviated (`$1.2M`); `N/A` when unknown' });
const taxText = (example: string) =>
  z.string().meta({ example, description: 'Percent with two decimals; `N/A` when the trade could not be simulated' });
const percent = (example: number) => z.number().meta({ example });
const funder = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .nullable()
  .meta({ example: EXAMPLE_WALLET, description: 'The wallet that first sent it native coin; null when unknown' });

const TokenInfoA = z.object({
  name: z.string().meta({ example: 'Clean Token' }),
  symbol: z.string().meta({ example: 'CLEAN' }),
  contract_address: address(),
  chain: z.string().meta({
    example: 'Ethereum',
    description: "The long name of the chain that answered ('Local devnet' where the embedded devnet serves eth)",
  }),
  chain_id: chainIdField,
  decimals: count().meta({ example: 18 }),
  total_supply: z
    .string()
    .meta({ example: '1000000000', description: 'Whole tokens (decimals applied), decimal text' }),
});

const MaliciousFunctionA = z.object({
  function: z.string().meta({ example: 'syncRewards(address,uint256)' }),
  selector: z.string().nullable().meta({ example: '0xa568e2ee' }),
  kind: z.enum(FINDING_KINDS).meta({ example: 'mint', description: 'What running the function proved it does' }),
  status: z.enum(['live', 'dormant']).meta({ description: 'dormant: nobody holds the authority (renounced)' }),
  severity: z.enum(SEVERITIES_A).meta({ example: 'CRITICAL' }),
  risk: z.string().meta({
    example:
      'Can create new tokens. as the authority: `syncRewards(address,uint256)` with (probe victim, amount): totalSupply +1e21',
  }),
});

const TimeBombA = timeBombComponent('TimeBombA');
const HolderSellsA = holderSellsComponent('HolderSellsA');
const LiquidityLocksA = liquidityLocksComponent('LiquidityLocksA');
const TradingStatusA = tradingStatusComponent('TradingStatusA');

export const SecurityA = component(
  'SecurityA',
  z.object({
    honeypot_risk: z.enum(HONEYPOT_LABELS).meta({ example: '✅ SAFE' }),
    honeypot_reason: z.string().nullable().meta({
      example:
        'sell reverted: TRANSFER_FAILED (decided by whitelist_only through `setWhitelisted(address,bool)`, held by the owner (owner() = 0xf39F…2266, an EOA))',
      description:
        'Why it cannot be sold, with the owner power that decides it where the code has one (see malicious_functions for its evidence); null unless a honeypot',
    }),
    rug_pull_risk: z.enum(RUG_LABELS).meta({ example: '✅ VERY_LOW' }),
    contract_verified: z.boolean(),
    proxy_contract: z.boolean(),
    malicious_functions: z.array(MaliciousFunctionA),
    ownership_analysis: z.object({
      owner_address: address('0x0000000000000000000000000000000000000000').meta({
        description: 'The zero address when renounced or unknown',
      }),
      can_mint: z.boolean(),
      can_pause: z.boolean(),
      can_blacklist: z.boolean(),
    }),
    taxes: z.object({ buy: taxText('5.00%'), sell: taxText('25.00%'), transfer: taxText('0.00%') }),
    trade_simulation: z
      .string()
      .meta({ example: 'completed', description: '`completed`, or `not possible: ` and why' }),
    trading_status: TradingStatusA,
    time_bomb: TimeBombA,
    holder_sells: HolderSellsA,
    liquidity_locks: LiquidityLocksA,
  }),
);
export type SecurityA = z.output<typeof SecurityA>;

export const MarketA = component(
  'MarketA',
  z.object({
    price: z.string().meta({ example: '$1.23', description: 'Full price text; `N/A` when unknown' }),
    price_change_24h: z.string().meta({ example: '+4.56%', description: '`N/A` when unknown' }),
    market_cap: usdText('$1.2M'),
    volume_24h: usdText('$45.6K'),
    liquidity: z.object({
      total_liquidity: usdText('$1.2M'),
      status: z.enum(LIQUIDITY_LABELS).meta({ example: '✅ EXCELLENT' }),
    }),
    trading_pairs: z.array(
      z.object({
        dex: z.string().meta({ example: 'Uniswap V2' }),
        ...poolKindFields,
        pair: z.string().meta({ example: 'CLEAN/WETH' }),
        pair_address: address('0xF51cfdbCACC8bD52f82bEf76E37e6Ed51bF50f47'),
        liquidity: usdText('$1.2M'),
        volume_24h: usdText('$45.6K'),
        simulated: z.boolean().meta({
          example: true,
          description: 'The trade simulation bought and sold in this pool (the deepest routable one of any kind)',
        }),
      }),
    ),
  }),
);
export type MarketA = z.output<typeof MarketA>;

export const HolderAnalysisA = component(
  'HolderAnalysisA',
  z.object({
    total_holders: count().meta({ example: 312 }),
    top_10_percentage: percent(23.5),
    top_100_percentage: percent(61.2),
    whale_activity: z.enum(WHALE_LABELS).meta({ example: '🟡 MODERATE' }),
    distribution: z.enum(DISTRIBUTION_LABELS).meta({ example: '✅ HEALTHY' }),
    recent_activity: z.object({
      new_holders_24h: count().meta({ example: 12 }),
      large_transactions: count().meta({ example: 3 }),
    }),
  }),
);
export type HolderAnalysisA = z.output<typeof HolderAnalysisA>;

/** A trading analysis that could not tell (no pool, no trades, ...): never read as clean. */
const notAnalysable = z.object({
  analysable: z.literal(false),
  status: z
    .enum(['❓ NO_POOL', '❓ NO_TRADES', '❓ NO_LIQUIDITY', '❓ LOGS_UNAVAILABLE'])
    .meta({ example: '❓ NO_TRADES' }),
});

const tradingScore = {
  score: score().nullable().meta({ example: 95 }),
  grade: z.enum(GRADES).nullable().meta({ example: 'A+' }),
};

export const WashTradingA = component(
  'WashTradingA',
  z.discriminatedUnion('analysable', [
    notAnalysable,
    z.object({
      analysable: z.literal(true),
      status: z.enum(['🚨 DETECTED', '✅ NONE']),
      wash_volume_percent: percent(12.5).meta({ description: "Share of the window's token volume judged wash" }),
      suspicious_wallets: z.array(
        z.object({
          address: address(EXAMPLE_WALLET),
          reasons: z.array(z.enum(['funding_cluster', 'net_zero_high_volume', 'relay', 'round_trip'])),
          trades: count().meta({ example: 14 }),
          funder,
        }),
      ),
      clusters: z.array(z.object({ funder: address(EXAMPLE_WALLET), wallets: z.array(address(EXAMPLE_WALLET)) })),
      ...tradingScore,
    }),
  ]),
);
export type WashTradingA = z.output<typeof WashTradingA>;

export const SniperAnalysisA = component(
  'SniperAnalysisA',
  z.discriminatedUnion('analysable', [
    notAnalysable,
    z.object({
      analysable: z.literal(true),
      status: z.enum(['✅ NONE', '⚠️ SNIPERS_HOLDING', '🟡 SNIPERS_SOLD']),
      sniper_count: count().meta({ example: 2 }),
      bundled: z.boolean().meta({ description: 'Some snipers were funded by one wallet' }),
      sold_fully: count(),
      sold_partly: count(),
      still_holding: count(),
      bought_percent_of_supply: percent(4.2),
      holding_percent_of_supply: percent(1.3),
      snipers: z.array(
        z.object({
          address: address(EXAMPLE_WALLET),
          blocks_after_launch: count().meta({ example: 1 }),
          status: z.enum(['HOLDING', 'SOLD_PARTLY', 'SOLD_FULLY']),
          funder,
        }),
      ),
      ...tradingScore,
    }),
  ]),
);
export type SniperAnalysisA = z.output<typeof SniperAnalysisA>;

/** Sentiment and trend as A labels them: a symbol, then the word. */
export const SENTIMENT_LABELS = { POSITIVE: '🟢 POSITIVE', NEUTRAL: '🟡 NEUTRAL', NEGATIVE: '🔴 NEGATIVE' } as const;
export const TREND_LABELS = { RISING: '📈 RISING', STABLE: '➡️ STABLE', FALLING: '📉 FALLING' } as const;

const link = (example: string) => z.string().nullable().meta({ example });
const links = z.object({
  website: link('https://example.org'),
  x: link('https://x.com/cleantoken'),
  telegram: link('https://t.me/cleantoken'),
  github: link('https://github.com/cleantoken'),
});

export const LinkAnalysisA = component(
  'LinkAnalysisA',
  z.discriminatedUnion('available', [
    z.object({
      available: z.literal(false),
      reason: z.string().meta({ example: 'no social data provider is configured' }),
      links,
    }),
    z.object({
      available: z.literal(true),
      links,
      social_score: score().meta({ example: 72 }),
      grade: z.enum(GRADES).meta({ example: 'B' }),
      sentiment: z.enum(SENTIMENT_LABELS),
      sentiment_score: z.number().min(-1).max(1).meta({ example: 0.42, description: '−1 (negative) .. 1 (positive)' }),
      trend: z.enum(TREND_LABELS),
      posts_24h: count().meta({ example: 18 }),
      influencer_posts: count().meta({ example: 2 }),
      source: z.enum(['devnet', 'x']),
    }),
  ]),
);
export type LinkAnalysisA = z.output<typeof LinkAnalysisA>;

export const ScanMetadataA = component(
  'ScanMetadataA',
  z.object({
    analysis_time: z.string().meta({ example: '0.23s' }),
    timestamp: isoTime(),
    api_version: z.string().meta({ example: '1.0.0' }),
    cache_status: z.enum(CACHE_STATUSES),
    cache_age_seconds: count().meta({ example: 0 }),
    analyzed_at: isoTime(),
    network: z
      .literal('local devnet')
      .optional()
      .meta({ description: 'Only when the token is on the embedded local devnet' }),
  }),
);
export type ScanMetadataA = z.output<typeof ScanMetadataA>;

const CreatorA = creatorComponent('CreatorA');

/** The report's `data`: also each successful item of a batch. */
export const ScanReportA = component(
  'ScanReportA',
  z.object({
    token_info: TokenInfoA,
    resolved_from: ResolvedPair.optional(),
    creator: CreatorA,
    service_score: score().meta({ example: 92 }),
    grade: z.enum(GRADES).meta({ example: 'A+' }),
    recommendation: z.string().meta({
      example: '🟢 SAFE TO TRADE',
      description: '`🟢 SAFE TO TRADE`, `🟡 MODERATE RISK`, `🔴 HIGH RISK` or `🔴 VERY HIGH RISK`',
    }),
    analysis: z
      .object({
        security: SecurityA.optional(),
        market: MarketA.optional(),
        holder_analysis: HolderAnalysisA.optional(),
        wash_trading: WashTradingA.optional(),
        sniper_analysis: SniperAnalysisA.optional(),
        link_analysis: LinkAnalysisA.optional(),
      })
      .meta({ description: 'The requested sections that were finished (`features`; all when omitted)' }),
    incomplete_sections: z
      .array(
        z.object({
          section: z.enum(FEATURES).meta({ example: 'holder_analysis' }),
          reason: z.string().meta({ example: 'unexpected error while analysing (reference 1f2e3d4c)' }),
        }),
      )
      .optional()
      .meta({
        description:
          'Requested sections left out of `analysis` because they could not be finished (retry later); absent when every section is there',
      }),
    pending: pendingField('/api/v1'),
    metadata: ScanMetadataA.optional().meta({ description: 'Only with `include_metadata: true`' }),
  }),
);
export type ScanReportA = z.output<typeof ScanReportA>;

export const ScanResponseA = component('ScanResponseA', z.object({ success: z.literal(true), data: ScanReportA }));
export type ScanResponseA = z.output<typeof ScanResponseA>;

const batchItem = {
  index: count().meta({ example: 0, description: "The token's position in the request" }),
  contract_address: z.string().meta({ example: EXAMPLE_TOKEN, description: 'As given' }),
  chain: z.string().meta({ example: 'eth', description: 'The chain key asked for (eth when omitted)' }),
};

export const ScanBatchResponseA = component(
  'ScanBatchResponseA',
  z.object({
    success: z.literal(true),
    data: z.object({
      results: z.array(
        z.discriminatedUnion('success', [
          z
            .object({ ...batchItem, success: z.literal(true), data: ScanReportA })
            .meta({ description: 'A token answered: `data` is its report, as POST /api/v1/token/scan answers it' }),
          z
            .object({ ...batchItem, success: z.literal(false), error: ErrorA.shape.error })
            .meta({ description: 'A token not answered: `error` is the error it would have had alone' }),
        ]),
      ),
      summary: z.object({
        requested: count().meta({ example: 3 }),
        succeeded: count().meta({ example: 2 }),
        failed: count().meta({ example: 1 }),
        quota_charged: count().meta({ example: 2, description: 'Quota calls taken: one per distinct token answered' }),
      }),
    }),
  }),
);
export type ScanBatchResponseA = z.output<typeof ScanBatchResponseA>;
