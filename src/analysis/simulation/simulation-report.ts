import { formatUnits, type Address } from 'viem';
import {
  bpsToPercent,
  decodeRevertReason,
  EFFECTIVE_HONEYPOT_SELL_TAX,
  percentOf,
  taxPercent,
} from './simulation-math';
import {
  RAW_POOL_KIND,
  RAW_STATUS,
  type RawLeg,
  type RawPool,
  type RawProbe,
  type RawSimulation,
} from './simulation-result';
import type {
  LegName,
  PoolCandidate,
  PoolKind,
  SimulationEvidence,
  SimulationImpossibleReason,
  SimulationSection,
  SizeProbe,
  TradeLeg,
  TradeLimits,
} from './simulation.types';

/** What the caller knew when it built the request: names for indexes and addresses. */
export interface SimulationSetup {
  dexNames: string[];
  /** Names of the V3-style and Solidly-style DEXes, in the request's order. */
  v3DexNames: string[];
  solidlyDexNames: string[];
  /** Lower-cased address → symbol of each quote token. */
  quoteSymbols: Map<string, string>;
  sender: Address;
  simulator: Address;
  agent: Address;
  fundedWith: bigint;
}

export function emptyEvidence(setup: SimulationSetup): SimulationEvidence {
  return {
    blockNumber: null,
    sender: setup.sender,
    simulator: setup.simulator,
    agent: setup.agent,
    fundedWith: setup.fundedWith.toString(),
    totalSupply: null,
    dex: null,
    poolKind: null,
    v3Refused: null,
    router: null,
    pair: null,
    buyPath: [],
    sellPath: [],
    soldByAgent: false,
    pools: [],
  };
}

/** A section that says the simulation could not run, and why. */
export function impossibleSection(params: {
  reason: SimulationImpossibleReason;
  detail: string;
  evidence: SimulationEvidence;
}): SimulationSection {
  return {
    possible: false,
    reason: params.reason,
    detail: params.detail,
    isHoneypot: null,
    honeypotReason: null,
    cannotBuy: null,
    cannotSell: null,
    cannotSellAll: null,
    buyTax: null,
    sellTax: null,
    transferTax: null,
    gas: { buy: null, transfer: null, sell: null },
    legs: [],
    limits: null,
    timeBomb: null,
    evidence: params.evidence,
  };
}

function evidenceOf(raw: RawSimulation, setup: SimulationSetup): SimulationEvidence {
  const simulated = raw.status === RAW_STATUS.simulated;
  const chosen = simulated ? raw.pools[Number(raw.chosen)] : undefined;
  return {
    ...emptyEvidence(setup),
    blockNumber: Number(raw.blockNumber),
    totalSupply: raw.totalSupply.toString(),
    dex: chosen ? dexNameOf(chosen, setup) : null,
    poolKind: chosen ? kindOf(chosen) : null,
    router: simulated ? raw.router : null,
    pair: chosen?.pair ?? null,
    buyPath: raw.buyPath,
    sellPath: [...raw.buyPath].reverse(),
    soldByAgent: raw.soldByAgent,
    pools: raw.pools.map((p) => poolCandidateOf(p, setup)),
  };
}

function kindOf(p: RawPool): PoolKind {
  if (p.kind === RAW_POOL_KIND.v3) return 'v3';
  return p.kind === RAW_POOL_KIND.solidly ? 'solidly' : 'v2';
}

function dexNameOf(p: RawPool, setup: SimulationSetup): string {
  const kind = kindOf(p);
  const names = kind === 'v3' ? setup.v3DexNames : kind === 'solidly' ? setup.solidlyDexNames : setup.dexNames;
  return names[Number(p.dex)] ?? `${kind} dex ${p.dex}`;
}

function poolCandidateOf(p: RawPool, setup: SimulationSetup): PoolCandidate {
  const kind = kindOf(p);
  return {
    kind,
    dex: dexNameOf(p, setup),
    feeTier: kind === 'v3' ? p.fee : null,
    stable: kind === 'solidly' ? p.stable : null,
    pair: p.pair,
    quote: p.quote,
    quoteSymbol: setup.quoteSymbols.get(p.quote.toLowerCase()) ?? p.quote,
    tokenReserve: p.tokenReserve.toString(),
    quoteReserve: p.quoteReserve.toString(),
    quoteValueInWrappedNative: p.wethValue.toString(),
    routable: p.routable,
  };
}

function legOf(name: LegName, raw: RawLeg): TradeLeg {
  const measurable = raw.attempted && raw.ok;
  return {
    name,
    attempted: raw.attempted,
    succeeded: measurable,
    amountIn: raw.amountIn.toString(),
    expectedOut: raw.expectedOut.toString(),
    amountOut: raw.amountOut.toString(),
    taxPercent: measurable ? taxPercent(raw.expectedOut, raw.amountOut) : null,
    gasUsed: raw.attempted ? Number(raw.gasUsed) : null,
    revertReason: raw.attempted && !raw.ok ? decodeRevertReason(raw.revertData) : null,
  };
}

function impossibleReason(
  raw: RawSimulation,
  setup: SimulationSetup,
): { reason: SimulationImpossibleReason; detail: string } {
  if (raw.status === RAW_STATUS.noPool) {
    return {
      reason: 'no_pool',
      detail: 'no pool (V2, V3 or Solidly) against wrapped native or a stablecoin on any configured DEX',
    };
  }
  if (raw.status === RAW_STATUS.noRoute) {
    const quotes = [...new Set(raw.pools.map((p) => setup.quoteSymbols.get(p.quote.toLowerCase()) ?? p.quote))];
    return {
      reason: 'no_route',
      detail: `pools exist only against ${quotes.join(', ')}, which wrapped native cannot reach on the same DEX`,
    };
  }
  const deepest = raw.pools[Number(raw.chosen)];
  const value = deepest ? formatUnits(deepest.wethValue, 18) : '0';
  return {
    reason: 'insufficient_liquidity',
    detail: `the deepest pool holds only ${value} wrapped native worth of quote token`,
  };
}

/** Turns the simulator's raw result into the section: honeypot verdict, taxes, gas, limits. */
export function toSimulationSection(raw: RawSimulation, setup: SimulationSetup): SimulationSection {
  const evidence = evidenceOf(raw, setup);
  if (raw.status !== RAW_STATUS.simulated) return impossibleSection({ ...impossibleReason(raw, setup), evidence });
  const legs = [legOf('buy', raw.buy), legOf('transfer', raw.transfer), legOf('sell', raw.sell)];
  const [buy, transfer, sell] = legs;
  const verdict = honeypotVerdict(buy, sell);
  const limits = limitsOf(raw);
  return {
    possible: true,
    reason: null,
    detail: verdict.detail,
    isHoneypot: verdict.isHoneypot,
    honeypotReason: verdict.honeypotReason,
    cannotBuy: !buy.succeeded,
    cannotSell: sell.attempted ? !sell.succeeded : null,
    cannotSellAll: limits.cannotSellAll,
    buyTax: buy.taxPercent,
    sellTax: sell.taxPercent,
    transferTax: transfer.taxPercent,
    gas: { buy: buy.gasUsed, transfer: transfer.gasUsed, sell: sell.gasUsed },
    legs,
    limits: limits.limits,
    timeBomb: null,
    evidence,
  };
}

interface Verdict {
  isHoneypot: boolean | null;
  honeypotReason: string | null;
  detail: string | null;
}

function honeypotVerdict(buy: TradeLeg, sell: TradeLeg): Verdict {
  if (!buy.succeeded) return { isHoneypot: null, honeypotReason: null, detail: `buy reverted: ${buy.revertReason}` };
  if (!sell.attempted)
    return { isHoneypot: null, honeypotReason: null, detail: 'the buy delivered no tokens, so nothing could be sold' };
  if (!sell.succeeded) {
    const reason = `sell reverted: ${sell.revertReason}`;
    return { isHoneypot: true, honeypotReason: reason, detail: reason };
  }
  if (sell.taxPercent !== null && sell.taxPercent >= EFFECTIVE_HONEYPOT_SELL_TAX) {
    const reason = `sell returns almost nothing (tax ${sell.taxPercent}%)`;
    return { isHoneypot: true, honeypotReason: reason, detail: reason };
  }
  return { isHoneypot: false, honeypotReason: null, detail: null };
}

const OUTCOMES = ['not_run', 'ok', 'reverted'] as const;

function probeOf(probe: RawProbe): SizeProbe {
  const outcome = OUTCOMES[probe.outcome] ?? 'reverted';
  return {
    percent: bpsToPercent(probe.bps),
    outcome,
    amountIn: probe.amountIn.toString(),
    amountOut: probe.amountOut.toString(),
    revertReason: outcome === 'reverted' ? decodeRevertReason(probe.revertData) : null,
  };
}

/** Probes run largest first and stop at the first success; the reverted one just above it bounds the limit. */
function limitsOf(raw: RawSimulation): { limits: TradeLimits; cannotSellAll: boolean | null } {
  const buyProbes = raw.buyProbes.map(probeOf);
  const sellProbes = raw.sellProbes.map(probeOf);
  const buyOk = raw.buyProbes.findIndex((p) => p.outcome === 1);
  const sellOk = raw.sellProbes.findIndex((p) => p.outcome === 1);
  const buyReverted = buyProbes.filter((p, i) => p.outcome === 'reverted' && (buyOk < 0 || i < buyOk));
  const sellRevertedIdx = raw.sellProbes.findLastIndex((p, i) => p.outcome === 2 && (sellOk < 0 || i < sellOk));
  const sold = sellOk >= 0 ? raw.sellProbes[sellOk] : undefined;
  const sellRevertedAt =
    sold && sellRevertedIdx >= 0
      ? percentOf((sold.amountIn * raw.sellProbes[sellRevertedIdx].bps) / sold.bps, raw.totalSupply)
      : null;
  const buyLimited = buyReverted.length > 0 && (buyOk >= 0 || (raw.buy.attempted && raw.buy.ok));
  const sellLimited = sellRevertedIdx >= 0 && sellOk >= 0;
  const firstRun = buyProbes.find((p) => p.outcome !== 'not_run');
  return {
    cannotSellAll: sellOk < 0 ? null : sellLimited,
    limits: {
      hasLimits: buyLimited || sellLimited,
      maxBuyPercentOfSupply: buyOk >= 0 ? buyProbes[buyOk].percent : null,
      buyRevertedAtPercentOfSupply: buyReverted.length > 0 ? buyReverted[buyReverted.length - 1].percent : null,
      maxSellPercentOfSupply: sold ? percentOf(sold.amountIn, raw.totalSupply) : null,
      sellRevertedAtPercentOfSupply: sellRevertedAt,
      largestProbedPercentOfSupply: firstRun?.percent ?? null,
      buyProbes,
      sellProbes,
    },
  };
}
