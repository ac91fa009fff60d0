import { formatUnits, type Hex } from 'viem';
import { z } from 'zod';
import type { ContractAnalysis } from '../../../analysis/contract/contract.types';
import { FINDING_KINDS, type FindingSeverity } from '../../../analysis/contract/engine/findings';
import { signatureOf } from '../../../analysis/contract/signatures';
import type { DistributionLabel } from '../../../analysis/holders/holders.types';
import type { SecuritySection } from '../../../analysis/report/sections';
import type { ServedReport, TokenReport } from '../../../analysis/report/token-report';
import { poolKindFields, poolKindOf, SimulatedPool, simulatedPool } from '../../shared/presenters/pool-kind';
import { ResolvedPair, resolvedPair } from '../../shared/presenters/resolved-pair';
import { component } from '../../shared/openapi/api-schemas';
import { contractFacts } from '../../shared/presenters/contract-facts';
import { creatorComponent, presentCreator } from '../../shared/presenters/creator';
import { holderSellsComponent, presentHolderSells } from '../../shared/presenters/holder-sells';
import { liquidityLocksComponent, presentLiquidityLocks } from '../../shared/presenters/liquidity-locks';
import { presentTimeBomb, timeBombComponent } from '../../shared/presenters/time-bomb';
import { presentTradingStatus, tradingStatusComponent } from '../../shared/presenters/trading-status';
import {
  addressField,
  chainFields,
  grade,
  holderTags,
  liquidityStatus,
  riskC,
  riskLevel,
  timeField,
  whaleActivity,
} from './answer-fields';

/** A function's risk: its finding's severity, riskiest first; `none` without a finding. */
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'none'] as const satisfies readonly (
  FindingSeverity | 'none'
)[];
const DISTRIBUTIONS = [
  'HEALTHY',
  'MODERATE',
  'CONCENTRATED',
  'HIGHLY_CONCENTRATED',
] as const satisfies readonly DistributionLabel[];

const ContractFunction = z.object({
  signature: z
    .string()
    .meta({ example: 'mint(address,uint256)', description: 'The text signature when known, else the selector' }),
  selector: z.string().meta({ example: '0x40c10f19' }),
  capability: z
    .enum(FINDING_KINDS)
    .nullable()
    .meta({ example: 'mint', description: 'The finding kind proven by execution, or null' }),
  risk: z.enum(SEVERITIES).meta({ example: 'high' }),
  why: z.string().nullable().meta({ example: 'Owner can create new tokens and dilute holders' }),
  found_in: z
    .enum(['contract', 'implementation'])
    .meta({ example: 'contract', description: "The token's own code, or a proxy's implementation" }),
});
export type ContractFunction = z.output<typeof ContractFunction>;

const ContractFactsC = component(
  'ContractFactsC',
  z.object({
    verified: z
      .boolean()
      .nullable()
      .meta({ example: true, description: 'Source verified; null when no source provider could say' }),
    is_proxy: z.boolean().meta({ example: false }),
    implementation: addressField({ description: "The proxy's implementation" }).nullable().meta({ example: null }),
    owner: addressField({ example: '0x0000000000000000000000000000000000000000' }).nullable(),
    owner_renounced: z.boolean().nullable().meta({ example: true }),
    can_mint: z.boolean().meta({ example: false }),
    can_pause: z.boolean().meta({ example: false }),
    can_blacklist: z.boolean().meta({ example: false }),
    can_change_fees: z.boolean().meta({ example: false }),
    hidden_mint: z.boolean().nullable().meta({ example: false }),
    selfdestruct: z.boolean().meta({ example: false }),
    delegatecall: z.boolean().meta({ example: false }),
  }),
);

const TimeBombC = timeBombComponent('TimeBombC');
const HolderSellsC = holderSellsComponent('HolderSellsC');
const LiquidityLocksC = liquidityLocksComponent('LiquidityLocksC');
const TradingStatusC = tradingStatusComponent('TradingStatusC');

const TradeSimulationC = component(
  'TradeSimulationC',
  z.object({
    is_honeypot: z
      .boolean()
      .nullable()
      .meta({ example: false, description: 'null when the round trip could not be simulated' }),
    honeypot_reason: z.string().nullable().meta({ example: null }),
    buy_tax: z.number().nullable().meta({ example: 0, description: 'Percent' }),
    sell_tax: z.number().nullable().meta({ example: 0, description: 'Percent' }),
    transfer_tax: z.number().nullable().meta({ example: 0, description: 'Percent' }),
    simulated: z.boolean().meta({ example: true, description: 'A buy-transfer-sell round trip was simulated' }),
    trading_status: TradingStatusC,
    time_bomb: TimeBombC,
    holder_sells: HolderSellsC,
    liquidity_locks: LiquidityLocksC,
    pool: SimulatedPool,
  }),
);

const identity = {
  ...chainFields,
  address: addressField(),
  name: z.string().meta({ example: 'Clean Token' }),
  symbol: z.string().meta({ example: 'CLEAN' }),
};

export const ContractAnalysisC = component(
  'ContractAnalysisC',
  z.object({
    ...identity,
    resolved_pair: ResolvedPair.optional(),
    security_score: z
      .number()
      .int()
      .meta({ example: 92, description: 'Security component score, 0-100 (higher is safer)' }),
    grade: grade.meta({ example: 'A' }),
    overall_risk: riskLevel.meta({
      example: 'LOW',
      description: 'VERY_HIGH whenever a critical finding caps the score',
    }),
    findings: z
      .array(z.string())
      .meta({ example: ['Ownership not renounced'], description: 'Why points were taken, largest first' }),
    critical_issues: z
      .array(z.string())
      .meta({ example: [], description: 'Findings that cap the score (honeypot, hidden mint)' }),
    functions: z.array(ContractFunction).meta({
      description:
        'Functions found in the bytecode (and behaviour), with their risk, the riskiest first; a function with findings of several kinds is listed once per kind',
    }),
    contract: ContractFactsC,
    trading: TradeSimulationC,
    analysed_at: timeField(),
    cached: z.boolean().meta({ example: false, description: 'Served from the report cache (≤ 5 minutes old)' }),
  }),
);
export type ContractAnalysisC = z.output<typeof ContractAnalysisC>;

const Price = z.object({
  usd: z.number().nullable().meta({ example: 0.0123 }),
  change_24h_percent: z.number().nullable().meta({ example: -2.5 }),
  pool: addressField({
    example: '0xaDaA1Ea0106589956419179E11c06891dDf4A789',
    description: 'Pool the price comes from',
  }).nullable(),
  block_number: z.number().int().nullable().meta({ example: 42, description: 'Block whose reserves gave the price' }),
});

const Pair = z.object({
  dex: z.string().meta({ example: 'Uniswap V2' }),
  ...poolKindFields,
  pair: z.string().meta({ example: 'CLEAN/WETH' }),
  address: addressField({ example: '0xaDaA1Ea0106589956419179E11c06891dDf4A789' }),
  liquidity_usd: z.number().nullable().meta({ example: 120000.5 }),
  price_usd: z.number().nullable().meta({ example: 0.0123 }),
});

const Liquidity = z.object({
  total_usd: z.number().nullable().meta({ example: 120000.5 }),
  status: liquidityStatus.meta({ example: 'GOOD' }),
  pairs: z.array(Pair).meta({ description: 'Empty when the market section is missing' }),
});

const Holder = z.object({
  address: addressField({ example: '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc' }),
  amount: z.string().meta({ example: '1500000', description: 'Whole tokens' }),
  percentage: z.number().meta({ example: 1.5, description: 'Share of the total supply, percent' }),
  tags: holderTags,
});

const Holders = z.object({
  count: z.number().int().nullable().meta({
    example: 120,
    description:
      'Holders, pairs and burn addresses left out; null (as every figure here) when the holder section is missing',
  }),
  top_10_percentage: z
    .number()
    .nullable()
    .meta({ example: 35.2, description: 'Share of the circulating supply the 10 largest holders have' }),
  distribution: z.enum(DISTRIBUTIONS).nullable().meta({ example: 'MODERATE' }),
  whale_activity: whaleActivity.nullable().meta({ example: 'LOW' }),
  top: z.array(Holder).meta({
    description:
      'Ten largest holders (pairs and burn addresses flagged by tags); empty when the holder section is missing',
  }),
});

const TokenSecurity = z.object({
  score: z.number().int().meta({ example: 92 }),
  risk: riskLevel.meta({ example: 'LOW' }),
  trading: TradeSimulationC,
  contract: ContractFactsC,
  critical_issues: z.array(z.string()).meta({ example: [] }),
});

const Score = z.object({
  service_score: z.number().int().meta({ example: 85 }),
  grade: grade.meta({ example: 'A' }),
  recommendation: z
    .string()
    .meta({ example: 'SAFE TO TRADE', description: 'SAFE TO TRADE, MODERATE RISK, HIGH RISK or VERY HIGH RISK' }),
  risk: riskLevel.meta({ example: 'VERY_LOW' }),
});

const CreatorC = creatorComponent('CreatorC');

export const TokenAnalysisC = component(
  'TokenAnalysisC',
  z.object({
    ...identity,
    decimals: z.number().int().meta({ example: 18 }),
    total_supply: z.string().meta({ example: '1000000000', description: 'Whole tokens' }),
    resolved_from: z
      .string()
      .nullable()
      .meta({ example: 'CLEAN', description: 'The symbol the token was asked by, when it was' }),
    resolved_pair: ResolvedPair.optional(),
    price: Price,
    market_cap_usd: z.number().nullable().meta({ example: 1200000 }),
    volume_24h_usd: z.number().nullable().meta({ example: 5000 }),
    liquidity: Liquidity,
    holders: Holders,
    security: TokenSecurity,
    creator: CreatorC,
    score: Score,
    analysed_at: timeField(),
    cached: z.boolean().meta({ example: false, description: 'Served from the report cache (≤ 5 minutes old)' }),
  }),
);
export type TokenAnalysisC = z.output<typeof TokenAnalysisC>;

/** Each selector's findings, one per kind (the riskiest of a kind found more than once). */
function findingsBySelector(contract: ContractAnalysis): Map<string, ContractAnalysis['maliciousFunctions']> {
  const riskiestFirst = [...contract.maliciousFunctions].sort(
    (a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity),
  );
  const out = new Map<string, ContractAnalysis['maliciousFunctions']>();
  for (const f of riskiestFirst) {
    if (!f.selector) continue;
    const listed = out.get(f.selector.toLowerCase()) ?? [];
    if (!listed.some((l) => l.kind === f.kind)) out.set(f.selector.toLowerCase(), [...listed, f]);
  }
  return out;
}

/** Every function the code exposes; one with findings is listed once per kind, with its severity and evidence. */
export function functionsOf(contract: ContractAnalysis): ContractFunction[] {
  const bySelector = findingsBySelector(contract);
  const listed = (selectors: Hex[], foundIn: ContractFunction['found_in']) =>
    selectors.flatMap((selector): ContractFunction[] => {
      const base = { signature: signatureOf(selector) ?? selector, selector, found_in: foundIn };
      const findings = bySelector.get(selector.toLowerCase()) ?? [];
      if (findings.length === 0) return [{ ...base, capability: null, risk: 'none', why: null }];
      return findings.map((f) => ({ ...base, capability: f.kind, risk: f.severity, why: f.why }));
    });
  const { contract: own, implementation } = contract.evidence.selectors;
  return [...listed(own, 'contract'), ...listed(implementation, 'implementation')].sort(
    (a, b) => SEVERITIES.indexOf(a.risk) - SEVERITIES.indexOf(b.risk),
  );
}

function trading(security: SecuritySection): ContractAnalysisC['trading'] {
  const s = security.simulation;
  return {
    is_honeypot: s.isHoneypot,
    honeypot_reason: s.honeypotReason,
    buy_tax: s.buyTax,
    sell_tax: s.sellTax,
    transfer_tax: s.transferTax,
    simulated: s.possible,
    trading_status: presentTradingStatus(security.contract.trading),
    time_bomb: presentTimeBomb(s.timeBomb),
    holder_sells: presentHolderSells(security.holderSells),
    liquidity_locks: presentLiquidityLocks(security.liquidityLocks),
    pool: simulatedPool(s),
  };
}

export function presentContract(served: ServedReport): ContractAnalysisC {
  const r = served.report;
  const security = r.security!;
  const component = r.scores.components.security!;
  return {
    ...identityOf(r),
    ...resolvedPairField(r),
    security_score: component.score,
    grade: component.grade,
    overall_risk: riskC(r.scores.securityRisk!),
    findings: component.findings,
    critical_issues: r.scores.critical.issues,
    functions: functionsOf(security.contract),
    contract: contractFacts(security.contract),
    trading: trading(security),
    analysed_at: r.generatedAt,
    cached: served.cacheStatus === 'CACHED',
  };
}

/** The fields that open both analyze responses. */
function identityOf(r: TokenReport): Pick<TokenAnalysisC, 'chain' | 'chain_id' | 'address' | 'name' | 'symbol'> {
  return {
    chain: r.chain,
    chain_id: r.chainId,
    address: r.address,
    name: r.token.name,
    symbol: r.token.symbol,
  };
}

function whole(raw: string, decimals: number): string {
  return formatUnits(BigInt(raw), decimals);
}

function marketPart(r: TokenReport): Pick<TokenAnalysisC, 'price' | 'market_cap_usd' | 'volume_24h_usd' | 'liquidity'> {
  const m = r.market;
  return {
    price: {
      usd: m?.priceUsd ?? null,
      change_24h_percent: m?.priceChange24hPercent ?? null,
      pool: m?.evidence.pricePair ?? null,
      block_number: m?.evidence.blockNumber ?? null,
    },
    market_cap_usd: m?.marketCapUsd ?? null,
    volume_24h_usd: m?.volume24hUsd ?? null,
    liquidity: {
      total_usd: m?.liquidity.totalUsd ?? null,
      status: m?.liquidity.status ?? 'UNKNOWN',
      pairs: (m?.tradingPairs ?? []).map((p) => ({
        dex: p.dex,
        ...poolKindOf(p),
        pair: p.pair,
        address: p.address,
        liquidity_usd: p.liquidityUsd,
        price_usd: p.priceUsd,
      })),
    },
  };
}

/** The holder figures; unknown (null) when the holder section is missing, never a healthy-looking default. */
function holdersPart(r: TokenReport): TokenAnalysisC['holders'] {
  const h = r.holders;
  if (!h) return { count: null, top_10_percentage: null, distribution: null, whale_activity: null, top: [] };
  return {
    count: h.total_holders,
    top_10_percentage: h.top_10_percentage,
    distribution: h.distribution,
    whale_activity: h.whale_activity,
    top: h.top_holders
      .slice(0, 10)
      .map((t) => ({ address: t.address, amount: t.amount, percentage: t.percentage, tags: t.tags })),
  };
}

export function presentToken(served: ServedReport, resolvedFrom: string | null): TokenAnalysisC {
  const r = served.report;
  const component = r.scores.components.security!;
  return {
    ...identityOf(r),
    decimals: r.token.decimals,
    total_supply: whole(r.token.totalSupply, r.token.decimals),
    resolved_from: resolvedFrom,
    ...resolvedPairField(r),
    ...marketPart(r),
    holders: holdersPart(r),
    security: {
      score: component.score,
      risk: riskC(r.scores.securityRisk!),
      trading: trading(r.security!),
      contract: contractFacts(r.security!.contract),
      critical_issues: r.scores.critical.issues,
    },
    creator: presentCreator(r),
    score: {
      service_score: r.scores.serviceScore,
      grade: r.scores.grade,
      recommendation: r.scores.recommendation,
      risk: riskC(r.scores.risk),
    },
    analysed_at: r.generatedAt,
    cached: served.cacheStatus === 'CACHED',
  };
}

/** `resolved_pair` (C's `resolved_from` is the symbol a token was asked by) when a pasted pair was resolved. */
function resolvedPairField(r: TokenReport): { resolved_pair?: ResolvedPair } {
  const pair = resolvedPair(r);
  return pair ? { resolved_pair: pair } : {};
}
