import { Injectable } from '@nestjs/common';
import { numberToHex, type Hex, type PublicClient } from 'viem';
import { ChainUnavailableError, toChainError } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { rangeRefusal } from '../holders/log-range.policy';
import type { FundingMethod } from './trading.types';

/**
 * "Who sent this wallet its first native coin", for a handful of candidate wallets, without an
 * indexer. Method: `trace_filter` (Erigon, Reth, Nethermind, anvil and the tracing tiers of hosted
 * providers) with `toAddress = [wallet]` over a bounded range that ends at the wallet's first trade
 * seen, asking for the first few traces only (they come oldest first); the first call that carries
 * value from someone other than a router, pair or wrapped native is the funding. Traces include
 * internal transfers, so a withdrawal paid by an exchange contract is found too. One JSON-RPC batch
 * for all wallets; a range the node refuses is retried once with the node's cap (remembered per
 * chain). Limits: a wallet funded before the range reads as unfunded (`null`); a node without
 * trace_filter (plain geth, most free endpoints) gives method `unavailable` and no links — the
 * analyzers then fall back to behaviour only (repeated hand-overs) and say so.
 */
export interface FundingLink {
  /** Lower-cased. */
  funder: string;
  block: number;
  value: bigint;
}

export interface FundingLookup {
  method: FundingMethod;
  links: Map<string, FundingLink>;
}

interface TraceEntry {
  type?: string;
  blockNumber?: number;
  action?: { from?: string; to?: string; value?: Hex };
}

/** Traces read per wallet: the funding is the first value transfer into a fresh wallet. */
const TRACES_PER_WALLET = 16;
/** Traces read per funder to tell an exchange/hub (many recipients) from a ring's funder. */
const TRACES_PER_FUNDER = 64;
/** Blocks each side of a funding transfer in which a funder's other payouts are counted. */
export const HUB_SPAN_BLOCKS = 128;
const UNSUPPORTED =
  /method.*(not (found|supported|available|exist))|does not exist|unsupported|not implemented|unknown method/i;

type Attempt<T> = { ok: true; value: T } | { ok: false; unsupported: boolean; hint: number | null };

@Injectable()
export class FundingTracer {
  /** Per chain: false once the node said it has no trace_filter (asked again only after a restart). */
  private readonly supported = new Map<ChainKey, boolean>();
  /** Per chain: the widest trace_filter range the node accepts, once it refused one. */
  private readonly maxRange = new Map<ChainKey, number>();

  async firstFunders(params: {
    chain: ChainKey;
    client: PublicClient;
    wallets: { address: string; before: number }[];
    lookbackBlocks: number;
    ignore: Set<string>;
  }): Promise<FundingLookup> {
    const links = new Map<string, FundingLink>();
    if (params.wallets.length === 0) return { method: 'not_needed', links };
    if (this.supported.get(params.chain) === false) return { method: 'unavailable', links };
    let pending = params.wallets;
    for (let round = 0; round < 2 && pending.length > 0; round++) {
      const span = Math.min(params.lookbackBlocks, this.maxRange.get(params.chain) ?? Infinity);
      const attempts = await Promise.all(
        pending.map((w) =>
          this.trace(params, {
            toAddress: [w.address],
            fromBlock: Math.max(0, w.before - span + 1),
            toBlock: w.before,
            count: TRACES_PER_WALLET,
          }),
        ),
      );
      const retry: typeof pending = [];
      attempts.forEach((a, i) => {
        const wallet = pending[i].address.toLowerCase();
        if (a.ok) {
          const link = fundingIn(a.value, wallet, params.ignore);
          if (link) links.set(wallet, link);
        } else if (a.hint !== null) retry.push(pending[i]);
      });
      if (attempts.length > 0 && attempts.every((a) => !a.ok && a.unsupported)) {
        this.supported.set(params.chain, false);
        return { method: 'unavailable', links };
      }
      pending = retry;
    }
    this.supported.set(params.chain, true);
    return { method: 'trace_filter', links };
  }

  /** Distinct wallets each funder paid native coin to within HUB_SPAN_BLOCKS of `around`; missing when unknown. */
  async recipientCounts(params: {
    chain: ChainKey;
    client: PublicClient;
    funders: { address: string; around: number }[];
    latest: number;
  }): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (params.funders.length === 0 || this.supported.get(params.chain) === false) return counts;
    const half = Math.min(HUB_SPAN_BLOCKS, Math.floor(((this.maxRange.get(params.chain) ?? Infinity) - 1) / 2));
    const attempts = await Promise.all(
      params.funders.map((f) =>
        this.trace(params, {
          fromAddress: [f.address],
          fromBlock: Math.max(0, f.around - half),
          toBlock: Math.min(params.latest, f.around + half),
          count: TRACES_PER_FUNDER,
        }),
      ),
    );
    attempts.forEach((a, i) => {
      if (a.ok) counts.set(params.funders[i].address.toLowerCase(), distinctRecipients(a.value));
    });
    return counts;
  }

  private async trace(
    ctx: { chain: ChainKey; client: PublicClient },
    filter: { fromAddress?: string[]; toAddress?: string[]; fromBlock: number; toBlock: number; count: number },
  ): Promise<Attempt<TraceEntry[]>> {
    const request = { ...filter, fromBlock: numberToHex(filter.fromBlock), toBlock: numberToHex(filter.toBlock) };
    try {
      const value = (await ctx.client.request({
        method: 'trace_filter',
        params: [request],
      } as never)) as unknown as TraceEntry[];
      return { ok: true, value: Array.isArray(value) ? value : [] };
    } catch (err) {
      const mapped = toChainError(err, ctx.chain);
      if (mapped instanceof ChainUnavailableError) throw mapped;
      const refusal = rangeRefusal(err);
      if (refusal?.hint) this.maxRange.set(ctx.chain, refusal.hint);
      const text = `${(err as { details?: string }).details ?? ''} ${(err as Error).message ?? ''}`;
      const code = (err as { code?: number }).code;
      return { ok: false, unsupported: code === -32601 || UNSUPPORTED.test(text), hint: refusal?.hint ?? null };
    }
  }
}

/** The first value-carrying call into `wallet` from someone not in `ignore`. */
export function fundingIn(traces: TraceEntry[], wallet: string, ignore: Set<string>): FundingLink | null {
  for (const t of traces) {
    const from = t.action?.from?.toLowerCase();
    const to = t.action?.to?.toLowerCase();
    const value = BigInt(t.action?.value ?? '0x0');
    if (t.type !== 'call' || to !== wallet || !from || value === 0n || ignore.has(from)) continue;
    return { funder: from, block: Number(t.blockNumber ?? 0), value };
  }
  return null;
}

export function distinctRecipients(traces: TraceEntry[]): number {
  const to = new Set<string>();
  for (const t of traces) {
    if (t.type === 'call' && BigInt(t.action?.value ?? '0x0') > 0n && t.action?.to) to.add(t.action.to.toLowerCase());
  }
  return to.size;
}
