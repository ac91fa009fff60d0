import { Injectable } from '@nestjs/common';
import { Prisma } from '../prisma/generated/client';
import { PrismaService } from '../prisma/prisma.service';
import type { Follows, Verdict, VerdictChange } from './verdict';

export interface WatchRecord {
  id: string;
  keyId: string;
  /** The surface it was made on: its alerts' webhooks carry that surface's envelope. */
  surface: WatchSurface;
  chain: string;
  address: string;
  callbackUrl: string | null;
  verdict: Verdict;
  follows: Follows;
  createdAt: Date;
  checkedAt: Date;
}

export type WatchSurface = 'A' | 'B' | 'C';

/** What an alert says, as the watcher records it and as it is read back. */
interface AlertContent {
  watchId: string;
  keyId: string;
  chain: string;
  address: string;
  block: bigint;
  txHash: string | null;
  cause: string;
  before: Verdict;
  after: Verdict;
  change: VerdictChange;
}

export interface AlertRecord extends AlertContent {
  id: bigint;
  /** The watch's surface. */
  surface: WatchSurface;
  createdAt: Date;
}

export interface NewAlert extends AlertContent {
  /** The watch's callback URL: the alert's webhook delivery is recorded with it. */
  callbackUrl: string | null;
}

export interface BlockRef {
  block: bigint;
  hash: string;
}

type WatchRow = Prisma.WatchGetPayload<object>;
type AlertRow = Prisma.WatchAlertGetPayload<{ include: { watch: { select: { surface: true } } } }>;
const WITH_SURFACE = { watch: { select: { surface: true } } } as const;

const toWatch = (row: WatchRow): WatchRecord => ({
  ...row,
  surface: row.surface as WatchSurface,
  verdict: row.verdict as unknown as Verdict,
  follows: row.follows as unknown as Follows,
});

const toAlert = ({ watch, ...row }: AlertRow): AlertRecord => ({
  ...row,
  surface: watch.surface as WatchSurface,
  before: row.before as unknown as Verdict,
  after: row.after as unknown as Verdict,
  change: row.change as unknown as VerdictChange,
});

/** The cursor moves only from where the caller saw it: one statement, so two watchers never both move it. */
async function moveCursor(
  db: Pick<PrismaService, '$executeRaw'>,
  chain: string,
  from: BlockRef,
  to: BlockRef,
): Promise<boolean> {
  const moved = await db.$executeRaw`
    UPDATE watch_cursors SET block = ${to.block}, block_hash = ${to.hash}, updated_at = now()
    WHERE chain = ${chain} AND block = ${from.block} AND block_hash = ${from.hash}`;
  return moved === 1;
}

/** Watches, the watcher's cursor per chain, and alerts: the only Prisma door for them. */
@Injectable()
export class WatchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Adds the watch unless the key already watches the token or holds `limit` watches (null: no limit).
   * The key's row is locked first, so concurrent creations never pass the limit between them.
   */
  async create(
    watch: Omit<WatchRecord, 'createdAt' | 'checkedAt'>,
    limit: number | null,
  ): Promise<{ status: 'created'; watch: WatchRecord } | { status: 'exists'; id: string } | { status: 'limit' }> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM api_keys WHERE id = ${watch.keyId}::uuid FOR NO KEY UPDATE`;
      const existing = await tx.watch.findUnique({
        where: { keyId_chain_address: { keyId: watch.keyId, chain: watch.chain, address: watch.address } },
        select: { id: true },
      });
      if (existing) return { status: 'exists', id: existing.id };
      if (limit !== null && (await tx.watch.count({ where: { keyId: watch.keyId } })) >= limit)
        return { status: 'limit' };
      const row = await tx.watch.create({
        data: {
          ...watch,
          verdict: watch.verdict as unknown as Prisma.InputJsonValue,
          follows: watch.follows as unknown as Prisma.InputJsonValue,
        },
      });
      return { status: 'created', watch: toWatch(row) };
    });
  }

  count(keyId: string): Promise<number> {
    return this.prisma.watch.count({ where: { keyId } });
  }

  async find(keyId: string, id: string): Promise<WatchRecord | null> {
    const row = await this.prisma.watch.findFirst({ where: { id, keyId } });
    return row ? toWatch(row) : null;
  }

  async findByToken(keyId: string, chain: string, address: string): Promise<WatchRecord | null> {
    const row = await this.prisma.watch.findUnique({ where: { keyId_chain_address: { keyId, chain, address } } });
    return row ? toWatch(row) : null;
  }

  async list(keyId: string): Promise<WatchRecord[]> {
    return (await this.prisma.watch.findMany({ where: { keyId }, orderBy: { createdAt: 'asc' } })).map(toWatch);
  }

  async delete(keyId: string, id: string): Promise<boolean> {
    return (await this.prisma.watch.deleteMany({ where: { id, keyId } })).count === 1;
  }

  /** Every watch on the chain (what the watcher follows there). */
  async onChain(chain: string): Promise<WatchRecord[]> {
    return (await this.prisma.watch.findMany({ where: { chain } })).map(toWatch);
  }

  /** The chains with at least one watch. */
  async chains(): Promise<string[]> {
    return (await this.prisma.watch.findMany({ distinct: ['chain'], select: { chain: true } })).map((r) => r.chain);
  }

  async cursor(chain: string): Promise<BlockRef | null> {
    const row = await this.prisma.watchCursor.findUnique({ where: { chain } });
    return row ? { block: row.block, hash: row.blockHash } : null;
  }

  /** Starts the chain's cursor at `at` unless it has one. */
  async startCursor(chain: string, at: BlockRef): Promise<void> {
    await this.prisma.$executeRaw`
      INSERT INTO watch_cursors (chain, block, block_hash) VALUES (${chain}, ${at.block}, ${at.hash})
      ON CONFLICT (chain) DO NOTHING`;
  }

  /** The chain's watches alerted in blocks after `block`: what a reorg to `block` may have undone. */
  async alertedAfter(chain: string, block: bigint): Promise<WatchRecord[]> {
    const rows = await this.prisma.watch.findMany({ where: { chain, alerts: { some: { block: { gt: block } } } } });
    return rows.map(toWatch);
  }

  /**
   * Finishes blocks `from`+1 … `to` (or, `to` below `from`, rewinds to it): the cursor moves, the alerts are recorded with the webhook deliveries
   * of those whose watch has a callback URL, and the watches take their new verdicts, in one transaction;
   * or nothing happens when another watcher finished them first (null). Returns the deliveries' ids.
   */
  async finishBlocks(
    chain: string,
    from: BlockRef,
    to: BlockRef,
    alerts: NewAlert[],
    verdicts: Array<{ watchId: string; verdict: Verdict }>,
  ): Promise<{ deliveries: string[] } | null> {
    return this.prisma.$transaction(async (tx) => {
      if (!(await moveCursor(tx, chain, from, to))) return null;
      const recorded = await tx.watchAlert.createManyAndReturn({
        data: alerts.map(({ callbackUrl: _url, ...alert }) => ({
          ...alert,
          before: alert.before as unknown as Prisma.InputJsonValue,
          after: alert.after as unknown as Prisma.InputJsonValue,
          change: alert.change as unknown as Prisma.InputJsonValue,
        })),
        select: { id: true, watchId: true, keyId: true },
      });
      const urls = new Map(alerts.map((a) => [a.watchId, a.callbackUrl]));
      const deliveries = await tx.webhookDelivery.createManyAndReturn({
        data: recorded
          .filter((r) => urls.get(r.watchId))
          .map((r) => ({ alertId: r.id, keyId: r.keyId, url: urls.get(r.watchId)!, status: 'pending' })),
        select: { id: true },
      });
      for (const { watchId, verdict } of verdicts)
        await tx.watch.updateMany({
          where: { id: watchId },
          data: { verdict: verdict as unknown as Prisma.InputJsonValue, checkedAt: new Date() },
        });
      return { deliveries: deliveries.map((d) => d.id) };
    });
  }

  /** Alert deliveries still pending, recorded before `before`: queued again in case their queuing was lost. */
  async pendingAlertDeliveries(before: Date): Promise<string[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { alertId: { not: null }, status: 'pending', createdAt: { lt: before } },
      select: { id: true },
      take: 1_000,
    });
    return rows.map((r) => r.id);
  }

  async alert(keyId: string, id: bigint): Promise<AlertRecord | null> {
    const row = await this.prisma.watchAlert.findFirst({ where: { id, keyId }, include: WITH_SURFACE });
    return row ? toAlert(row) : null;
  }

  /** The key's alerts after `afterId`, oldest first. */
  async alerts(keyId: string, afterId: bigint, limit: number): Promise<AlertRecord[]> {
    const rows = await this.prisma.watchAlert.findMany({
      where: { keyId, id: { gt: afterId } },
      orderBy: { id: 'asc' },
      take: limit,
      include: WITH_SURFACE,
    });
    return rows.map(toAlert);
  }
}
