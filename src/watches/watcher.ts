import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { toHex, type Hex } from 'viem';
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

/** What finishing blocks (or a rewind) did: tokens scanned again, alerts recorded. */
interface Settled {
  rescanned: number;
  alerts: number;
}

interface Rewind {
  to: bigint;
  /** null: another watcher moved the cursor first. */
  settled: Settled | null;
}

/** A log as eth_getLogs answers it (the fields read). */
interface RawLog {
  address: Hex;
  topics: Hex[];
  transactionHash: Hex;
  blockHash: Hex;
}

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
 * (two JSON-RPC requests a block, sent together, and one a tick for the head, whatever the number of watches). A block with something that can change
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
    // The chain's watches, read once a tick when a new block came (their verdicts kept current across its blocks).
    let watches: WatchRecord[] | undefined;
    // One call a tick for the head, whatever the number of watches; then two a new block (sent together).
    const head = await client.getBlockNumber({ cacheTime: 0 });
    // Read once a tick: after each block this tick finished, the cursor is that block (another watcher's move
    // makes finishBlocks refuse, and the tick ends).
    const stored = await this.watches.cursor(chain);
    if (!stored) return outcome;
    let cursor: BlockRef = stored;
    for (let i = 0; i < BLOCKS_PER_TICK; i++) {
      // The chain went back below the cursor (a reorg, a devnet revert): the cursor goes back too.
      if (head < cursor.block) return this.rewound(outcome, await this.rewind(chain, cursor, head, head));
      if (head === cursor.block) return outcome;
      const number = cursor.block + 1n;
      const [block, byNumber] = await Promise.all([
        client.getBlock({ blockNumber: number, includeTransactions: true }),
        client.request({
          method: 'eth_getLogs',
          params: [{ fromBlock: toHex(number), toBlock: toHex(number) }],
        }) as Promise<RawLog[]>,
      ]);
      if (block.parentHash !== cursor.hash)
        return this.rewound(outcome, await this.rewind(chain, cursor, cursor.block, head));
      // Logs read by number belong to the block read unless a reorg came between the two reads: then by its hash.
      const logs = byNumber.every((l) => l.blockHash === block.hash)
        ? byNumber
        : ((await client.request({ method: 'eth_getLogs', params: [{ blockHash: block.hash }] })) as RawLog[]);
      watches ??= await this.watches.onChain(chain);
      const finished: BlockRef = { block: block.number, hash: block.hash };
      const done = await this.finish(
        chain,
        watches,
        cursor,
        finished,
        logs.map((l) => ({
          address: l.address,
          topics: l.topics,
          transactionHash: l.transactionHash,
          blockNumber: block.number,
        })),
        block.transactions.map((t) => ({ hash: t.hash, to: t.to, input: t.input, blockNumber: block.number })),
      );
      if (!done) return outcome;
      cursor = finished;
      outcome.blocks++;
      outcome.rescanned += done.rescanned;
      outcome.alerts += done.alerts;
    }
    return outcome;
  }

  /** Scans the block's triggered tokens again and records the block finished, with its alerts. */
  private async finish(
    chain: ChainKey,
    watches: WatchRecord[],
    cursor: BlockRef,
    to: BlockRef,
    logs: ChainLog[],
    txs: ChainTransaction[],
  ): Promise<Settled | null> {
    // Only the watches whose token or pools the block touched: with thousands of watches, most are not.
    const logsOf = new Map<string, ChainLog[]>();
    for (const log of logs) {
      const address = log.address.toLowerCase();
      const list = logsOf.get(address);
      if (list) list.push(log);
      else logsOf.set(address, [log]);
    }
    const sentTo = new Set(txs.map((t) => t.to?.toLowerCase()));
    const triggered = watches
      .filter(
        (w) => logsOf.has(w.follows.token) || sentTo.has(w.follows.token) || w.follows.pools.some((p) => logsOf.has(p)),
      )
      .map((watch) => {
        const own = [watch.follows.token, ...watch.follows.pools].flatMap((a) => logsOf.get(a) ?? []);
        return { watch, trigger: triggerOf(watch.follows, own, txs) };
      })
      .filter((t): t is { watch: WatchRecord; trigger: Trigger } => t.trigger !== null);
    return this.settle(chain, watches, triggered, cursor, to);
  }

  /**
   * Scans the triggered watches' tokens again, and moves the cursor from `cursor` to `to` with the alerts of
   * those whose verdict changed and every new verdict, in one transaction (null: another watcher moved it first).
   */
  private async settle(
    chain: ChainKey,
    watches: WatchRecord[],
    triggered: Array<{ watch: WatchRecord; trigger: Trigger }>,
    cursor: BlockRef,
    to: BlockRef,
  ): Promise<Settled | null> {
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
    const byId = new Map(verdicts.map((v) => [v.watchId, v.verdict]));
    for (const watch of watches) watch.verdict = byId.get(watch.id) ?? watch.verdict;
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

  /**
   * Moves the cursor back REORG_REWIND blocks below `below` (to a block on the chain now). The watches alerted
   * above it were alerted by blocks that may be gone: each is scanned again now (the chain at `head`), and
   * where its verdict moved (the event did not come back) an alert says so; the blocks replayed after that
   * alert only where they change the verdict again.
   */
  private async rewind(chain: ChainKey, cursor: BlockRef, below: bigint, head: bigint): Promise<Rewind> {
    const target = below > BigInt(REORG_REWIND) ? below - BigInt(REORG_REWIND) : 0n;
    const block = await this.chains.get(chain).client.getBlock({ blockNumber: target });
    const to = { block: target, hash: block.hash };
    const watches = await this.watches.alertedAfter(chain, target);
    const trigger: Trigger = {
      block: head,
      txHash: null,
      cause: `the chain reorganised: blocks after ${target} were replaced`,
    };
    const settled = await this.settle(
      chain,
      watches,
      watches.map((watch) => ({ watch, trigger })),
      cursor,
      to,
    );
    this.logger.warn(
      { chain, from: cursor.block.toString(), to: target.toString(), rechecked: watches.length },
      'Watcher cursor moved back (reorg)',
    );
    return { to: target, settled };
  }

  private rewound(outcome: TickOutcome, rewind: Rewind): TickOutcome {
    return {
      blocks: outcome.blocks,
      rescanned: outcome.rescanned + (rewind.settled?.rescanned ?? 0),
      alerts: outcome.alerts + (rewind.settled?.alerts ?? 0),
      rewound: rewind.to,
    };
  }
}
