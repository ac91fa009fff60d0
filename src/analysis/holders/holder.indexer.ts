import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import type { ChainKey } from '../../config/app-config';
import { SectionHandedOffError } from '../report/section-failure';
import { HolderRepository, type TokenKey } from './holder.repository';
import type { ChainHead, IndexOutcome } from './holders.types';
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
  /** The chain head when the caller already read it (the token-info multicall): saves a round trip. */
  head?: ChainHead;
  /**
   * Aborted: the caller leaves the rest to a job. The run stops at its next checkpoint (before its
   * next batch) with SectionHandedOffError once every caller sharing it has aborted; what it applied
   * stays, and the next run resumes there.
   */
  signal?: AbortSignal;
}

/** Tuning for tests and the benchmark; the defaults suit public and paid RPC providers. */
export interface HolderIndexerOptions {
  logRange?: LogRangePolicyOptions;
  /** Transfers per database transaction (several eth_getLogs windows); default 100,000. */
  groupTransfers?: number;
}

const DEFAULT_GROUP_TRANSFERS = 100_000;
/** A run that applied this many transfers refreshes the planner's statistics before the index is read. */
const REFRESH_STATISTICS_AFTER = 10_000;
const MAX_CONCURRENT_RUNS = 4;

/** A counting semaphore. */
class Slots {
  private readonly waiting: Array<() => void> = [];

  constructor(private free: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** Optional provider of HolderIndexerOptions. */
export const HOLDER_INDEXER_OPTIONS = Symbol('HOLDER_INDEXER_OPTIONS');

/**
 * Folds a token's Transfer logs into holder balances in PostgreSQL, from its checkpoint up to the
 * chain head. Work is done once: concurrent calls for one token in this process share one run;
 * across processes, a run holds the token's indexing lock (the next process waits, then finds the
 * checkpoint at the head), and each batch is applied under the token's batch lock only if the
 * checkpoint is still where the batch starts, so nothing can be counted twice.
 */
@Injectable()
export class HolderIndexer {
  private readonly inFlight = new Map<
    string,
    { run: Promise<IndexOutcome>; signals: Array<AbortSignal | undefined> }
  >();
  /** A run holds two pooled connections (its lock, its batches): bounded so runs cannot starve the pool. */
  private readonly runSlots = new Slots(MAX_CONCURRENT_RUNS);

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
    if (running) {
      running.signals.push(request.signal);
      return running.run;
    }
    const signals = [request.signal];
    const handedOff = () => signals.every((signal) => signal?.aborted === true);
    const run = this.run(key, request.head, handedOff).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, { run, signals });
    return run;
  }

  private async run(key: TokenKey, knownHead: ChainHead | undefined, handedOff: () => boolean): Promise<IndexOutcome> {
    const source = new TransferLogSource(this.chains.get(key.chain).client, key.chain);
    const [head, checkpoint] = await Promise.all([knownHead ?? source.head(), this.repository.readCheckpoint(key)]);
    const outcome: IndexOutcome = {
      head,
      indexedToBlock: checkpoint?.lastBlock ?? -1,
      fromBlock: null,
      transfersApplied: 0,
      getLogsRequests: 0,
      rangeRefusals: 0,
    };
    if (outcome.indexedToBlock < head.number) {
      await this.runSlots.run(() =>
        this.repository.withIndexLock(key, async () => {
          // Another process may have indexed while we waited for the lock.
          outcome.indexedToBlock = (await this.repository.readCheckpoint(key))?.lastBlock ?? -1;
          if (outcome.indexedToBlock < head.number) await this.catchUp({ key, source, outcome, handedOff });
        }),
      );
    }
    if (outcome.transfersApplied >= REFRESH_STATISTICS_AFTER) await this.repository.refreshStatistics();
    outcome.getLogsRequests = source.getLogsRequests;
    outcome.rangeRefusals = source.rangeRefusals;
    return outcome;
  }

  /**
   * Fetches group k+1 while group k is written, so the node and the database work at the same
   * time. A group that turns out stale (another process moved the checkpoint) is dropped and
   * fetching resumes from the checkpoint found.
   */
  private async catchUp(params: {
    key: TokenKey;
    source: TransferLogSource;
    outcome: IndexOutcome;
    handedOff: () => boolean;
  }): Promise<void> {
    const { key, source, outcome, handedOff } = params;
    const target = outcome.head.number;
    const horizon = outcome.head.timestamp - TRANSFER_RETENTION_SECONDS;
    const policy = new LogRangePolicy(this.options.logRange ?? DEFAULT_LOG_RANGE);
    const fetchFrom = (from: number): Promise<FetchedWindow> | undefined => {
      if (from > target || handedOff()) return undefined;
      const pending = this.fetchGroup({ source, policy, token: key.token as Address, from, target, horizon });
      pending.catch(() => undefined); // awaited below; keeps an abandoned prefetch from going unhandled
      return pending;
    };
    let pending = fetchFrom(outcome.indexedToBlock + 1);
    while (pending) {
      const group = await pending;
      if (handedOff()) break;
      pending = fetchFrom(group.to + 1);
      const batch = foldTransfers(group.logs, horizon);
      const result = await this.repository.applyBatch({
        ...key,
        expectedLastBlock: group.from - 1,
        toBlock: group.to,
        batch,
        pruneBefore: group.to === target ? horizon : undefined,
      });
      if (!result.applied) {
        outcome.indexedToBlock = result.lastBlock;
        pending = fetchFrom(result.lastBlock + 1);
        continue;
      }
      outcome.fromBlock ??= group.from;
      outcome.indexedToBlock = group.to;
      outcome.transfersApplied += batch.transfers;
    }
    if (outcome.indexedToBlock < target && handedOff())
      throw new SectionHandedOffError(`Indexing from block ${outcome.indexedToBlock + 1}`);
  }

  /**
   * Consecutive windows until about `groupTransfers` logs or the target: one database batch.
   * Folding a large group nets out the addresses that move all the time (pairs, routers, bots),
   * which is most of the write cost saved.
   */
  private async fetchGroup(params: {
    source: TransferLogSource;
    policy: LogRangePolicy;
    token: Address;
    from: number;
    target: number;
    horizon: number;
  }): Promise<FetchedWindow> {
    const { source, policy, token, target, horizon } = params;
    const limit = this.options.groupTransfers ?? DEFAULT_GROUP_TRANSFERS;
    const group: FetchedWindow = { from: params.from, to: params.from - 1, logs: [] };
    while (group.to < target && group.logs.length < limit) {
      const window = await source.fetchWindow({ token, from: group.to + 1, target, policy });
      await source.fillTimestamps(window, horizon);
      for (const log of window.logs) group.logs.push(log);
      group.to = window.to;
    }
    return group;
  }
}
