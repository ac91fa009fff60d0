import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import type { ChainKey } from '../../config/app-config';
import { HolderRepository, type TokenKey } from './holder.repository';
import type { IndexOutcome } from './holders.types';
import { DEFAULT_LOG_RANGE, LogRangePolicy, type LogRangePolicyOptions } from './log-range.policy';
import { foldTransfers } from './transfer.batch';
import { TransferLogSource, type FetchedWindow } from './transfer-log.source';

/**
 * Transfers are kept this long behind the chain head (24 h windows plus an hour of slack, so a
 * scan a little later than the last index still finds its whole window).
 */
export const TRANSFER_RETENTION_SECONDS = 25 * 3600;

export interface IndexRequest {
  chain: ChainKey;
  token: Address;
}

/** Tuning for tests and the benchmark; the defaults suit public and paid RPC providers. */
export interface HolderIndexerOptions {
  logRange?: LogRangePolicyOptions;
}

/** Optional provider of HolderIndexerOptions. */
export const HOLDER_INDEXER_OPTIONS = Symbol('HOLDER_INDEXER_OPTIONS');

/**
 * Folds a token's Transfer logs into holder balances in PostgreSQL, from its checkpoint up to the
 * chain head. Work is done once: concurrent calls for one token in this process share one run;
 * across processes, each batch is applied under an advisory lock only if the checkpoint is still
 * where the batch starts, so a racing process may fetch a range twice but never counts it twice.
 */
@Injectable()
export class HolderIndexer {
  private readonly inFlight = new Map<string, Promise<IndexOutcome>>();

  constructor(
    private readonly chains: ChainRegistry,
    private readonly repository: HolderRepository,
    @Optional() @Inject(HOLDER_INDEXER_OPTIONS) private readonly options: HolderIndexerOptions = {},
  ) {}

  /** Indexes up to the latest block; costs one request when nothing new happened, two when it did. */
  indexToLatest(request: IndexRequest): Promise<IndexOutcome> {
    const key: TokenKey = { chain: request.chain, token: request.token.toLowerCase() };
    const id = `${key.chain}:${key.token}`;
    const running = this.inFlight.get(id);
    if (running) return running;
    const run = this.run(key).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, run);
    return run;
  }

  private async run(key: TokenKey): Promise<IndexOutcome> {
    const source = new TransferLogSource(this.chains.get(key.chain).client, key.chain);
    const [head, checkpoint] = await Promise.all([source.head(), this.repository.readCheckpoint(key)]);
    const outcome: IndexOutcome = {
      head,
      indexedToBlock: checkpoint?.lastBlock ?? -1,
      fromBlock: null,
      transfersApplied: 0,
      getLogsRequests: 0,
      rangeRefusals: 0,
    };
    if (outcome.indexedToBlock < head.number) await this.catchUp({ key, source, outcome });
    outcome.getLogsRequests = source.getLogsRequests;
    outcome.rangeRefusals = source.rangeRefusals;
    return outcome;
  }

  /**
   * Fetches window k+1 while window k is written, so the node and the database work at the same
   * time. A window that turns out stale (another process moved the checkpoint) is dropped and
   * fetching resumes from the checkpoint found.
   */
  private async catchUp(params: { key: TokenKey; source: TransferLogSource; outcome: IndexOutcome }): Promise<void> {
    const { key, source, outcome } = params;
    const target = outcome.head.number;
    const horizon = outcome.head.timestamp - TRANSFER_RETENTION_SECONDS;
    const policy = new LogRangePolicy(this.options.logRange ?? DEFAULT_LOG_RANGE);
    const fetchFrom = (from: number): Promise<FetchedWindow> | undefined => {
      if (from > target) return undefined;
      const pending = source.fetchWindow({ token: key.token as Address, from, target, policy }).then(async (w) => {
        await source.fillTimestamps(w, horizon);
        return w;
      });
      pending.catch(() => undefined); // awaited below; keeps an abandoned prefetch from going unhandled
      return pending;
    };
    let pending = fetchFrom(outcome.indexedToBlock + 1);
    while (pending) {
      const window = await pending;
      pending = fetchFrom(window.to + 1);
      const batch = foldTransfers(window.logs, horizon);
      const result = await this.repository.applyBatch({
        ...key,
        expectedLastBlock: window.from - 1,
        toBlock: window.to,
        batch,
        pruneBefore: window.to === target ? horizon : undefined,
      });
      if (!result.applied) {
        outcome.indexedToBlock = result.lastBlock;
        pending = fetchFrom(result.lastBlock + 1);
        continue;
      }
      outcome.fromBlock ??= window.from;
      outcome.indexedToBlock = window.to;
      outcome.transfersApplied += batch.transfers;
    }
  }
}
