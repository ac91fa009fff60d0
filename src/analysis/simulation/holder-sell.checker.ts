import { Injectable } from '@nestjs/common';
import { decodeFunctionResult, getAddress, type Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { toChainError } from '../../chain/chain.errors';
import { decodeRevertReason, taxPercent } from './simulation-math';
import { HOLDER_SELL_STATUS, parseRawHolderSell, type RawHolderSell, type RawLeg } from './simulation-result';
import type { HolderSellCheck, HolderSellOutcome, HolderSellResult, SimulationSection } from './simulation.types';
import { loadSimulatorArtifact } from './simulator-artifact';
import { encodeRequest, SIMULATION_SENDER, shortMessage } from './trade.simulator';

/** Up to this many of the largest holders, and as many of the newest, are asked to sell. */
export const LARGEST_HOLDERS = 10;
export const NEWEST_HOLDERS = 10;
const CALL_GAS = 30_000_000n;
const OUTCOMES: Record<number, HolderSellOutcome> = {
  [HOLDER_SELL_STATUS.sold]: 'sold',
  [HOLDER_SELL_STATUS.noBalance]: 'no_balance',
  [HOLDER_SELL_STATUS.noPool]: 'no_pool',
  [HOLDER_SELL_STATUS.cannotSell]: 'cannot_sell',
  [HOLDER_SELL_STATUS.partOnly]: 'part_only',
};

export interface HolderCandidate {
  address: Address;
  /** What the Transfer logs say it holds, raw units. */
  indexedBalance: bigint;
  picked: ('largest' | 'newest')[];
}

/**
 * The holders worth asking: the largest and the newest, pools, burn addresses and the token itself
 * left out, each once (tagged with why it was picked). Slots one list leaves free (a holder that is
 * both) go to the next of the largest, then of the newest, up to LARGEST_HOLDERS + NEWEST_HOLDERS.
 */
export function pickHolders(params: {
  largest: { address: string; balance: bigint }[];
  newest: { address: string; balance: bigint }[];
  excluded: Iterable<string>;
}): HolderCandidate[] {
  const skip = new Set([...params.excluded].map((a) => a.toLowerCase()));
  const picked = new Map<string, HolderCandidate>();
  const take = (rows: { address: string; balance: bigint }[], why: 'largest' | 'newest', limit: number) => {
    for (const row of rows.filter((r) => !skip.has(r.address.toLowerCase()) && r.balance > 0n).slice(0, limit)) {
      const key = row.address.toLowerCase();
      const known = picked.get(key);
      if (known) known.picked.push(why);
      else picked.set(key, { address: getAddress(row.address), indexedBalance: row.balance, picked: [why] });
    }
  };
  take(params.largest, 'largest', LARGEST_HOLDERS);
  take(params.newest, 'newest', NEWEST_HOLDERS);
  const total = LARGEST_HOLDERS + NEWEST_HOLDERS;
  for (const [rows, why] of [
    [params.largest, 'largest'],
    [params.newest, 'newest'],
  ] as const) {
    for (const row of rows) {
      if (picked.size >= total) break;
      const key = row.address.toLowerCase();
      if (!skip.has(key) && row.balance > 0n && !picked.has(key))
        picked.set(key, { address: getAddress(row.address), indexedBalance: row.balance, picked: [why] });
    }
  }
  return [...picked.values()];
}

/**
 * Real holders' sells: each holder's whole balance sold through the deepest pool by an eth_call in
 * which the simulator's code sits at the holder's own address (a state override), so the token sees
 * the holder itself selling. All holders in one JSON-RPC batch.
 */
@Injectable()
export class HolderSellChecker {
  constructor(private readonly chains: ChainRegistry) {}

  async check(params: {
    chain: Parameters<ChainRegistry['get']>[0];
    address: Address;
    candidates: HolderCandidate[];
    now: SimulationSection;
  }): Promise<HolderSellCheck> {
    const context = this.chains.get(params.chain);
    const { facts } = context;
    // Every call carries the simulator's code: small batches (see STATE_OVERRIDE_BATCH_CALLS).
    const client = context.stateOverrideClient ?? context.client;
    const artifact = loadSimulatorArtifact();
    // Holders sell where today's round trip could: not into a V3 pool that refused the token's sells.
    const venues = params.now.evidence.v3Refused ? { ...facts, v3Dexes: [] } : facts;
    const data = encodeRequest(artifact, venues, getAddress(params.address), 'holderSell');
    const results = await Promise.all(
      params.candidates.map(async (holder): Promise<HolderSellResult> => {
        try {
          const answer = await client.call({
            account: SIMULATION_SENDER,
            to: holder.address,
            data,
            gas: CALL_GAS,
            stateOverride: [{ address: holder.address, code: artifact.deployedBytecode }],
          });
          const raw = parseRawHolderSell(
            decodeFunctionResult({ abi: artifact.abi, functionName: 'holderSell', data: answer.data ?? '0x' }),
          );
          return resultOf(holder, raw);
        } catch (err) {
          const mapped = toChainError(err, params.chain);
          if (mapped !== err) throw mapped;
          return {
            ...base(holder),
            balance: null,
            outcome: 'call_failed',
            amountIn: null,
            amountOut: null,
            taxPercent: null,
            revertReason: shortMessage(err),
            siphoned: false,
          };
        }
      }),
    );
    return summarize(results, params.now);
  }
}

const base = (holder: HolderCandidate) => ({
  address: holder.address,
  indexedBalance: holder.indexedBalance.toString(),
  picked: holder.picked,
});

function resultOf(holder: HolderCandidate, raw: RawHolderSell): HolderSellResult {
  const outcome = OUTCOMES[raw.status] ?? 'cannot_sell';
  const counted: RawLeg | null = outcome === 'sold' ? raw.full : outcome === 'part_only' ? raw.part : null;
  const failed = outcome === 'cannot_sell' ? raw.full : outcome === 'part_only' ? raw.full : null;
  return {
    ...base(holder),
    balance: raw.balance.toString(),
    outcome,
    amountIn: counted ? counted.amountIn.toString() : outcome === 'cannot_sell' ? raw.full.amountIn.toString() : null,
    amountOut: counted ? counted.amountOut.toString() : null,
    taxPercent: counted ? taxPercent(counted.expectedOut, counted.amountOut) : null,
    revertReason: failed ? decodeRevertReason(failed.revertData) : null,
    siphoned: raw.balance < holder.indexedBalance,
  };
}

/** Counts, the highest tax paid, and the verdict: fresh buyers get out, but holders do not. */
export function summarize(holders: HolderSellResult[], now: SimulationSection): HolderSellCheck {
  const tried = holders.filter((h) => h.outcome === 'sold' || h.outcome === 'part_only' || h.outcome === 'cannot_sell');
  const cannot = tried.filter((h) => h.outcome === 'cannot_sell');
  const taxes = tried.map((h) => h.taxPercent).filter((t): t is number => t !== null);
  const freshBuyerSells = now.possible && now.isHoneypot === false;
  // Blocked whatever a fresh buyer meets: "20 of 20 holders cannot sell" never reads as "not blocked".
  const blocked = cannot.length >= 2 && cannot.length * 2 >= tried.length;
  const reasons = [...new Set(cannot.map((h) => h.revertReason ?? 'no reason'))].slice(0, 3).join('; ');
  return {
    checked: tried.length,
    canSell: tried.filter((h) => h.outcome === 'sold').length,
    partOnly: tried.filter((h) => h.outcome === 'part_only').length,
    cannotSell: cannot.length,
    maxSellTax: taxes.length > 0 ? Math.max(...taxes) : null,
    holderSellBlocked: blocked,
    detail:
      cannot.length > 0
        ? `${cannot.length} of ${tried.length} holders cannot sell any of their tokens (${reasons})${freshBuyerSells ? ', though a fresh buyer can' : ''}`
        : null,
    siphoned: holders
      .filter((h) => h.siphoned)
      .map((h) => ({ address: h.address, indexedBalance: h.indexedBalance, balance: h.balance! })),
    holders,
  };
}

/**
 * The section's verdict with the holders' sells in it: blocked holders make a honeypot. A token whose
 * fresh buyer cannot sell either is a honeypot already; its reason (the buyer's refused sell) stays.
 */
export function withHolderSells(simulation: SimulationSection, check: HolderSellCheck | undefined): SimulationSection {
  if (!check?.holderSellBlocked || simulation.isHoneypot === true) return simulation;
  const reason = `holder_sell_blocked: ${check.detail}`;
  return { ...simulation, isHoneypot: true, honeypotReason: reason, detail: reason };
}
