import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Hex } from 'viem';
import { TokenAnalysisService } from '../analysis/token-analysis.service';
import { ChainRegistry } from '../chain/chain-registry';
import { AppError } from '../common/errors/app-error';
import { AppConfig, type ChainKey } from '../config/app-config';
import { WebhookSender } from '../jobs/webhook.sender';
import { WatchRepository, type BlockRef, type NewAlert, type WatchRecord } from './watch.repository';
import { triggerOf, type ChainLog, type ChainTransaction, type Trigger } from './triggers';
import { verdictChange, verdictOf, type Verdict } from './verdict';

/** Blocks one tick finishes at most before it lets the next tick (and other chains) go. */
const BLOCKS_PER_TICK = 20;
/** How far back the cursor goes when the block it stands on is no longer on the chain (a reorg). */
const REORG_REWIND = 12;
/** An alert delivery still pending this long after it was recorded is queued again (sending it twice is harmless). */
const LOST_DELIVERY_MS = 60_000;
/** Watched tokens scanned again at once. */
const RESCANS_AT_ONCE = 4;

/** What a tick did, for the logs and the tests. */
export interface TickOutcome {
  blocks: number;
  rescanned: number;
  alerts: number;
  rewound?: bigint;
}

/** The verdict of a token that no longer answers as one (destroyed, or its code replaced by something else). */
const GONE: Verdict = {
  grade: 'F',
  score: 0,
  risk: 'VERY_HIGH',
  trading: 'unknown',
  honeypot: false,
  findings: [],
  inUse: [],
};

/**
 * Follows new blocks on each chain with watched tokens, one block at a time: its transactions and its logs
 * (two JSON-RPC requests a block, whatever the number of watches). A block with something that can change
 * a watched token's verdict (triggerOf) has that token scanned again; a changed verdict is an alert. The
 * chain's cursor advances with the block's alerts in one transaction (WatchRepository.finishBlocks), so a
 * restarted or second watcher neither misses nor repeats one; a block whose parent is not the cursor's
 * block (a reorg) moves the cursor back. Runs in the processes that run workers (PROCESS_ROLE all, worker).
 */
@Injectable()
export class Watcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(Watcher.name);
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, Promise<TickOutcome>>();

  constructor(
    private readonly watches: WatchRepository,
    private readonly analysis: TokenAnalysisService,
    private readonly chains: ChainRegistry,
    private readonly config: AppConfig,
    private readonly webhooks: WebhookSender,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.jobs.role === 'api' || this.config.watchPollMs === 0) return;
    this.timer = setInterval(() => void this.tickAll(), this.config.watchPollMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled(this.running.values());
  }

  /** One tick on every chain with watches; and alert deliveries whose queuing was lost are queued again. */
  async tickAll(): Promise<void> {
    const lost = await this.watches.pendingAlertDeliveries(new Date(Date.now() - LOST_DELIVERY_MS)).catch(() => []);
    for (const id of lost) await this.webhooks.send(id).catch(() => undefined);
    for (const chain of await this.watches.chains().catch(() => []))
      if (this.chains.isConfigured(chain as ChainKey))
        await this.tick(chain as ChainKey).catch((err: unknown) =>
          this.logger.warn({ err, chain }, 'A watcher tick failed; the next one tries again'),
        );
  }

  /** Finishes the chain's new blocks (up to BLOCKS_PER_TICK); one tick per chain at a time. */
  tick(chain: ChainKey): Promise<TickOutcome> {
    let running = this.running.get(chain);
    if (!running) {
      running = this.run(chain).finally(() => this.running.delete(chain));
      this.running.set(chain, running);
    }
    return running;
  }

  private async run(chain: ChainKey): Promise<TickOutcome> {
    const outcome: TickOutcome = { blocks: 0, rescanned: 0, alerts: 0 };
    const client = this.chains.get(chain).client;
    for (let i = 0; i < BLOCKS_PER_TICK; i++) {
      const cursor = await this.watches.cursor(chain);
      if (!cursor) return outcome;
      const block = await client
        .getBlock({ blockNumber: cursor.block + 1n, includeTransactions: true })
        .catch((err: unknown) => {
          if (err instanceof Error && err.name === 'BlockNotFoundError') return null;
          throw err;
        });
      if (!block) {
        // No next block: the head, unless the chain went back below the cursor (a reorg, a devnet revert).
        const head = await client.getBlockNumber({ cacheTime: 0 });
        if (head >= cursor.block) return outcome;
        return { ...outcome, rewound: await this.rewind(chain, cursor, head) };
      }
      if (block.parentHash !== cursor.hash)
        return { ...outcome, rewound: await this.rewind(chain, cursor, cursor.block) };
      const logs = (await client.request({ method: 'eth_getLogs', params: [{ blockHash: block.hash }] })) as Array<{
        address: Hex;
        topics: Hex[];
        transactionHash: Hex;
      }>;
      const done = await this.finish(
        chain,
        cursor,
        { block: block.number, hash: block.hash },
        logs.map((l) => ({ ...l, blockNumber: block.number }) as ChainLog),
        block.transactions.map((t) => ({ hash: t.hash, to: t.to, input: t.input, blockNumber: block.number })),
      );
      if (!done) return outcome;
      outcome.blocks++;
      outcome.rescanned += done.rescanned;
      outcome.alerts += done.alerts;
    }
    return outcome;
  }

  /** Scans the block's triggered tokens again and records the block finished, with its alerts. */
  private async finish(
    chain: ChainKey,
    cursor: BlockRef,
    to: BlockRef,
    logs: ChainLog[],
    txs: ChainTransaction[],
  ): Promise<{ rescanned: number; alerts: number } | null> {
    const watches = await this.watches.onChain(chain);
    const triggered = watches
      .map((watch) => ({ watch, trigger: triggerOf(watch.follows, logs, txs) }))
      .filter((t): t is { watch: WatchRecord; trigger: Trigger } => t.trigger !== null);
    const alerts: NewAlert[] = [];
    const verdicts: Array<{ watchId: string; verdict: Verdict }> = [];
    const byToken = new Map<string, Promise<Verdict>>();
    for (let i = 0; i < triggered.length; i += RESCANS_AT_ONCE) {
      await Promise.all(
        triggered.slice(i, i + RESCANS_AT_ONCE).map(async ({ watch, trigger }) => {
          // One scan per token, whichever keys watch it.
          let scanning = byToken.get(watch.address);
          if (!scanning) {
            scanning = this.verdictNow(chain, watch.address);
            byToken.set(watch.address, scanning);
          }
          const after = await scanning;
          const change = verdictChange(watch.verdict, after);
          verdicts.push({ watchId: watch.id, verdict: after });
          if (change)
            alerts.push({
              watchId: watch.id,
              callbackUrl: watch.callbackUrl,
              keyId: watch.keyId,
              chain,
              address: watch.address,
              block: trigger.block,
              txHash: trigger.txHash,
              cause: trigger.cause.slice(0, 200),
              before: watch.verdict,
              after,
              change,
            });
        }),
      );
    }
    const finished = await this.watches.finishBlocks(chain, cursor, to, alerts, verdicts);
    if (!finished) return null;
    // Queued after the commit; one whose queuing is lost (a crash here) is queued again by a later tick.
    for (const id of finished.deliveries) await this.webhooks.send(id);
    if (alerts.length > 0)
      this.logger.log({ chain, block: to.block.toString(), alerts: alerts.length }, 'Watch alerts');
    return { rescanned: byToken.size, alerts: alerts.length };
  }

  /** The token's verdict now (no cache); a token that no longer answers as one is GONE. */
  private async verdictNow(chain: ChainKey, address: string): Promise<Verdict> {
    try {
      const { report } = await this.analysis.scan({
        chain,
        address,
        cacheTtl: 0,
        required: ['security'],
        resolvePairs: false,
      });
      return verdictOf(report);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'not_found') return GONE;
      throw err;
    }
  }

  /** Moves the cursor back REORG_REWIND blocks below `below` (to a block on the chain now). */
  private async rewind(chain: ChainKey, cursor: BlockRef, below: bigint): Promise<bigint> {
    const target = below > BigInt(REORG_REWIND) ? below - BigInt(REORG_REWIND) : 0n;
    const block = await this.chains.get(chain).client.getBlock({ blockNumber: target });
    await this.watches.moveCursor(chain, cursor, { block: target, hash: block.hash });
    this.logger.warn(
      { chain, from: cursor.block.toString(), to: target.toString() },
      'Watcher cursor moved back (reorg)',
    );
    return target;
  }
}
