import { Injectable } from '@nestjs/common';
import { getAddress } from 'viem';
import { ADDRESS_PATTERN } from '../../common/address';
import { AppError, RequestValidationError } from '../../common/errors/app-error';
import type { ChainKey } from '../../config/app-config';
import type { MeteredKey } from '../../metering/counters';
import { MeteringService } from '../../metering/metering.service';
import type { Feature, ServedReport } from '../report/token-report';
import { PairResolver } from '../token-info/pair-resolver';
import { TokenAnalysisService } from '../token-analysis.service';

/** At most this many tokens of one batch are analysed at a time (the rest wait their turn). */
export const BATCH_CONCURRENCY = 4;
export const BATCH_MAX_TOKENS = 50;

/** One requested token as sent: checked here, so a bad one fails alone. */
export interface BatchTarget {
  contract_address: string;
  chain?: string;
}

export type BatchOutcome = { ok: true; served: ServedReport } | { ok: false; error: unknown };

export interface BatchResult {
  /** One per requested token, in input order; duplicates share their first occurrence's outcome. */
  outcomes: BatchOutcome[];
  /** Quota calls the batch cost: one per distinct token (a pair counts as its token) answered. */
  charged: number;
}

class QuotaRanOutError extends AppError {
  constructor() {
    super('payment_required', 'The quota ran out before this token: it was not analysed');
  }
}

/**
 * Scans up to 50 tokens in one call. Each distinct valid token takes one quota call up front (as
 * many as are left; the ones beyond get a per-item quota error), the analyses run a few at a time,
 * and the calls of tokens that failed are given back, so the batch costs one call per token it
 * answered. Addresses are what the caller pasted: a pair is analysed, and counted, as its token.
 */
@Injectable()
export class BatchScanService {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly meter: MeteringService,
    private readonly pairs: PairResolver,
  ) {}

  async scan(input: {
    key: MeteredKey;
    targets: BatchTarget[];
    chains: readonly ChainKey[];
    features?: Feature[];
    cacheTtl: number;
    required?: readonly Feature[];
  }): Promise<BatchResult> {
    const parsed = input.targets.map((target) => parseTarget(target, input.chains));
    const distinct = new Map<string, { chain: ChainKey; address: string }>();
    for (const p of parsed) if ('id' in p) distinct.set(p.id, p.target);
    const outcomes = new Map<string, BatchOutcome>();

    // Quota is per token: a pair and its token in one batch are one analysis, so one call.
    const tokenOf = await this.tokensOf(distinct, outcomes);
    const tokens = [...new Set(tokenOf.values())];
    const granted = new Set(
      tokens.slice(0, tokens.length > 0 ? await this.meter.takeQuota(input.key, tokens.length) : 0),
    );

    const scanned = [...tokenOf.keys()].filter((id) => granted.has(tokenOf.get(id)!));
    for (const id of tokenOf.keys())
      if (!granted.has(tokenOf.get(id)!)) outcomes.set(id, { ok: false, error: new QuotaRanOutError() });
    await inTurns(scanned, BATCH_CONCURRENCY, async (id) => {
      const { chain, address } = distinct.get(id)!;
      try {
        const served = await this.analysis.scan({
          chain,
          address,
          features: input.features,
          cacheTtl: input.cacheTtl,
          required: input.required,
          resolvePairs: true,
        });
        outcomes.set(id, { ok: true, served });
      } catch (error) {
        outcomes.set(id, { ok: false, error });
      }
    });
    const answered = new Set(scanned.filter((id) => outcomes.get(id)!.ok).map((id) => tokenOf.get(id)!));
    const failed = granted.size - answered.size;
    await this.meter.giveBackQuota(input.key, failed);
    return {
      outcomes: parsed.map((p) => ('id' in p ? outcomes.get(p.id)! : { ok: false, error: p.error })),
      charged: input.key.quotaLimit === null ? 0 : answered.size,
    };
  }

  /** The token each pasted address stands for (a pair's token); an address that cannot be read fails alone, before any quota. */
  private async tokensOf(
    distinct: Map<string, { chain: ChainKey; address: string }>,
    outcomes: Map<string, BatchOutcome>,
  ): Promise<Map<string, string>> {
    const tokenOf = new Map<string, string>();
    await inTurns([...distinct.keys()], BATCH_CONCURRENCY, async (id) => {
      const { chain, address } = distinct.get(id)!;
      try {
        const pair = await this.pairs.resolve(chain, getAddress(address));
        tokenOf.set(id, pair ? `${chain}:${pair.token.toLowerCase()}` : id);
      } catch (error) {
        outcomes.set(id, { ok: false, error });
      }
    });
    // In input order, so the quota goes to the first tokens asked for.
    return new Map([...distinct.keys()].filter((id) => tokenOf.has(id)).map((id) => [id, tokenOf.get(id)!]));
  }
}

function parseTarget(
  target: BatchTarget,
  chains: readonly ChainKey[],
): { id: string; target: { chain: ChainKey; address: string } } | { error: AppError } {
  const chain = target.chain ?? 'eth';
  if (!ADDRESS_PATTERN.test(target.contract_address)) {
    return {
      error: new RequestValidationError('contract_address', target.contract_address, 'Invalid contract address format'),
    };
  }
  if (!(chains as readonly string[]).includes(chain)) {
    return { error: new RequestValidationError('chain', chain, `chain must be one of ${chains.join(', ')}`) };
  }
  return {
    id: `${chain}:${target.contract_address.toLowerCase()}`,
    target: { chain: chain as ChainKey, address: target.contract_address },
  };
}

/** Runs `work` over `items` with at most `width` in flight. */
async function inTurns<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
