import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../../config/app-config';
import { Prisma } from '../../prisma/generated/client';
import { PrismaService } from '../../prisma/prisma.service';
import type { TransferBatch } from './transfer.batch';

/** One token on one chain; `token` lowercase. */
export interface TokenKey {
  chain: ChainKey;
  token: string;
}

export interface Checkpoint {
  /** Last block whose Transfer logs are in the balances; -1 before the first batch. */
  lastBlock: number;
  holderCount: number;
  transferCount: number;
}

export type ApplyResult = { applied: true } | { applied: false; lastBlock: number };

export interface HolderStatsQuery extends TokenKey {
  /** Lowercase addresses left out of the activity counts (pairs, burn, zero). */
  excluded: string[];
  /** Window start, unix seconds. */
  since: number;
  topLimit: number;
  largeHolderMin: bigint;
  largeTransferMin: bigint;
}

export interface BalanceRow {
  holder: string;
  balance: bigint;
  isContract: boolean | null;
}

export interface HolderStats {
  checkpoint: Checkpoint | undefined;
  /** Positive balances, largest first. */
  top: BalanceRow[];
  /** The excluded addresses that have a row (any sign). */
  excludedBalances: BalanceRow[];
  newHolders: number;
  largeTransfers: number;
  largeHoldersMoved: number;
}

/** Transfers or net moves of at least `min` since `since` (holder_transfers keeps ~25 h). */
export interface MovementQuery extends TokenKey {
  since: Date;
  min: bigint;
  limit: number;
}

export interface LargeTransferRow {
  blockNumber: number;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
  blockTime: Date;
}

export interface HolderShiftRow {
  holder: string;
  netChange: bigint;
  balance: bigint;
}

const APPLY_TIMEOUT_MS = 120_000;
/** A cold index of a long history can take a while; the lock must outlive it. */
const RUN_TIMEOUT_MS = 6 * 3600_000;

/**
 * A window read's transaction, whose statements are each bounded by the statement timeout: Prisma's
 * default of 5 s for the whole transaction failed the holder section of a token with 2 M transfers
 * (P2028 after 5,029 ms, on a loaded machine right after its index was built).
 */
const WINDOW_READ_TIMEOUT_MS = 20_000;

/** The only door to holder_checkpoints, holder_balances and holder_transfers. */
@Injectable()
export class HolderRepository {
  constructor(private readonly prisma: PrismaService) {}

  async readCheckpoint(key: TokenKey): Promise<Checkpoint | undefined> {
    const row = await this.prisma.holderCheckpoint.findUnique({ where: { chain_token: key } });
    return row ? toCheckpoint(row) : undefined;
  }

  /**
   * Runs `work` holding the token's indexing lock, so one process indexes a token at a time (the
   * others wait, then find the checkpoint moved). The lock lives in a transaction that does
   * nothing else: one pooled connection stays idle for the duration, and a crash releases it.
   */
  async withIndexLock<T>(key: TokenKey, work: () => Promise<T>): Promise<T> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`holders-run:${key.chain}:${key.token}`}, 0))`;
        return work();
      },
      { timeout: RUN_TIMEOUT_MS, maxWait: APPLY_TIMEOUT_MS },
    );
  }

  /**
   * Applies one block-ordered batch and moves the checkpoint to `toBlock`, in one transaction under
   * an advisory lock on the token, only if the checkpoint still is `expectedLastBlock`; otherwise
   * someone else applied those blocks and nothing is written.
   */
  async applyBatch(
    params: TokenKey & { expectedLastBlock: number; toBlock: number; batch: TransferBatch; pruneBefore?: number },
  ): Promise<ApplyResult> {
    const { chain, token, batch } = params;
    return this.prisma.$transaction(
      async (tx) => {
        // The index can always be rebuilt from the chain and the checkpoint commits with the
        // balances: a crash may lose the last batch, never half of one. So no wait for the WAL flush.
        await tx.$executeRaw`SET LOCAL synchronous_commit = off`;
        await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`holders:${chain}:${token}`}, 0))`;
        await tx.$executeRaw`INSERT INTO holder_checkpoints (chain, token, last_block, holder_count, transfer_count)
          VALUES (${chain}, ${token}, -1, 0, 0) ON CONFLICT DO NOTHING`;
        const [current] = await tx.$queryRaw<{ last_block: bigint }[]>`
          SELECT last_block FROM holder_checkpoints WHERE chain = ${chain} AND token = ${token}`;
        if (Number(current.last_block) !== params.expectedLastBlock)
          return { applied: false, lastBlock: Number(current.last_block) };
        const holderDelta = await upsertBalances(tx, params);
        await insertRecent(tx, params);
        if (params.pruneBefore !== undefined) {
          await tx.$executeRaw`DELETE FROM holder_transfers
            WHERE chain = ${chain} AND token = ${token} AND block_time < ${new Date(params.pruneBefore * 1000)}`;
        }
        await tx.$executeRaw`UPDATE holder_checkpoints
          SET last_block = ${params.toBlock}, holder_count = holder_count + ${holderDelta},
              transfer_count = transfer_count + ${batch.transfers}, updated_at = now()
          WHERE chain = ${chain} AND token = ${token}`;
        return { applied: true };
      },
      { timeout: APPLY_TIMEOUT_MS, maxWait: APPLY_TIMEOUT_MS },
    );
  }

  /**
   * Refreshes the planner's statistics of the balances and recent transfers. Without it, the first
   * read after a bulk index plans for the near-empty tables it last saw (nested loops over every
   * holder: minutes for 100,000 transfers, where it takes milliseconds once analysed), and
   * autovacuum's analyse, when on at all, comes up to a minute later.
   */
  async refreshStatistics(): Promise<void> {
    await this.prisma.$executeRaw`ANALYZE holder_balances, holder_transfers`;
  }

  /** The largest indexed balances. */
  async largestHolders(key: TokenKey, limit: number): Promise<{ holder: string; balance: string }[]> {
    return this.prisma.$queryRaw<
      { holder: string; balance: string }[]
    >`SELECT holder, balance::text AS balance FROM holder_balances
      WHERE chain = ${key.chain} AND token = ${key.token} AND balance > 0
      ORDER BY balance DESC, holder LIMIT ${limit}`;
  }

  /** The holders whose first incoming transfer is the latest, with what the logs say they hold. */
  async newestHolders(key: TokenKey, limit: number): Promise<{ holder: string; balance: string }[]> {
    return this.prisma.$queryRaw<
      { holder: string; balance: string }[]
    >`SELECT holder, balance::text AS balance FROM holder_balances
      WHERE chain = ${key.chain} AND token = ${key.token} AND balance > 0
      ORDER BY first_in_block DESC NULLS LAST, holder LIMIT ${limit}`;
  }

  /** Everything the holder section reads, from one consistent snapshot. */
  async readStats(q: HolderStatsQuery): Promise<HolderStats> {
    const { chain, token, excluded } = q;
    const since = new Date(q.since * 1000);
    const [, , checkpoint, top, excludedRows, activity] = await this.prisma.$transaction(
      [
        ...this.windowReadSettings(),
        this.prisma.$queryRaw<CheckpointRow[]>`SELECT last_block, holder_count, transfer_count FROM holder_checkpoints
          WHERE chain = ${chain} AND token = ${token}`,
        this.prisma.$queryRaw<RawBalance[]>`SELECT holder, balance::text AS balance, is_contract FROM holder_balances
          WHERE chain = ${chain} AND token = ${token} AND balance > 0 ORDER BY holder_balances.balance DESC LIMIT ${q.topLimit}`,
        this.prisma.$queryRaw<RawBalance[]>`SELECT holder, balance::text AS balance, is_contract FROM holder_balances
          WHERE chain = ${chain} AND token = ${token} AND holder = ANY(${excluded}::text[])`,
        this.activity(q, since),
      ],
      { isolationLevel: 'RepeatableRead', timeout: WINDOW_READ_TIMEOUT_MS },
    );
    const counts = activity[0];
    return {
      checkpoint:
        checkpoint[0] &&
        toCheckpoint({
          lastBlock: checkpoint[0].last_block,
          holderCount: checkpoint[0].holder_count,
          transferCount: checkpoint[0].transfer_count,
        }),
      top: top.map(toBalanceRow),
      excludedBalances: excludedRows.map(toBalanceRow),
      newHolders: counts.new_holders,
      largeTransfers: counts.large_transfers,
      largeHoldersMoved: counts.large_holders_moved,
    };
  }

  /**
   * New holders (first incoming transfer in the window), large transfers, and large holders that
   * moved: an address held ≥ `largeHolderMin` now or at the window start (now minus its net inflow).
   */
  private activity(q: HolderStatsQuery, since: Date) {
    const { chain, token, excluded } = q;
    // Each count reads holder_transfers by itself (no shared CTE): the planner then knows how many
    // addresses the window holds and joins their flows to the balances by hash, not one lookup each.
    const recent = Prisma.sql`chain = ${chain} AND token = ${token} AND block_time >= ${since}`;
    return this.prisma.$queryRaw<ActivityRow[]>`
      WITH ins AS (
        SELECT to_address AS addr, sum(value) AS v FROM holder_transfers WHERE ${recent} GROUP BY to_address
      ), outs AS (
        SELECT from_address AS addr, sum(value) AS v FROM holder_transfers WHERE ${recent} GROUP BY from_address
      ), flows AS (
        SELECT COALESCE(i.addr, o.addr) AS addr, COALESCE(i.v, 0) - COALESCE(o.v, 0) AS net_in FROM ins i FULL JOIN outs o ON o.addr = i.addr
      )
      SELECT
        -- A holder's first incoming transfer is in the window exactly when its first_in_at is.
        (SELECT count(*)::int FROM holder_balances b
          WHERE b.chain = ${chain} AND b.token = ${token} AND b.first_in_at >= ${since} AND b.holder <> ALL(${excluded}::text[])) AS new_holders,
        (SELECT count(*)::int FROM holder_transfers WHERE ${recent} AND value >= ${q.largeTransferMin.toString()}::numeric) AS large_transfers,
        (SELECT count(*)::int FROM flows f
          LEFT JOIN holder_balances b ON b.chain = ${chain} AND b.token = ${token} AND b.holder = f.addr
          WHERE f.addr <> ALL(${excluded}::text[])
            AND GREATEST(COALESCE(b.balance, 0), COALESCE(b.balance, 0) - f.net_in) >= ${q.largeHolderMin.toString()}::numeric
        ) AS large_holders_moved`;
  }

  /** Transfers of at least `min` since `since`, largest first. */
  async largeTransfers(q: MovementQuery): Promise<LargeTransferRow[]> {
    const rows = await this.prisma.$queryRaw<
      Array<{
        block_number: bigint;
        log_index: number;
        from_address: string;
        to_address: string;
        value: string;
        block_time: Date;
      }>
    >`
      SELECT block_number, log_index, from_address, to_address, value::text AS value, block_time
      FROM holder_transfers
      WHERE chain = ${q.chain} AND token = ${q.token} AND block_time >= ${q.since}
        AND value >= ${q.min.toString()}::numeric
      ORDER BY value DESC, block_number DESC LIMIT ${q.limit}`;
    return rows.map((r) => ({
      blockNumber: Number(r.block_number),
      logIndex: r.log_index,
      from: r.from_address,
      to: r.to_address,
      value: BigInt(r.value),
      blockTime: r.block_time,
    }));
  }

  /** Net change of every address whose transfers since `since` moved it by at least `min`, with its balance now. */
  async holderShifts(q: MovementQuery): Promise<HolderShiftRow[]> {
    const [, , rows] = await this.prisma.$transaction([...this.windowReadSettings(), this.shiftsQuery(q)], {
      timeout: WINDOW_READ_TIMEOUT_MS,
    });
    return rows.map((r) => ({ holder: r.holder, netChange: BigInt(r.net), balance: BigInt(r.balance ?? '0') }));
  }

  /**
   * For the reads that add up a window's transfers per address (a busy token: hundreds of thousands
   * in 24 h): room to hash them in memory instead of spilling to disk, and no parallel workers, whose
   * start cost more than they saved on the 2-core bench machine (1.5 s instead of 2.9 s for 200,000
   * transfers, bench/RESULTS.md). SET LOCAL: for this transaction only.
   */
  private windowReadSettings(): [Prisma.PrismaPromise<number>, Prisma.PrismaPromise<number>] {
    return [
      this.prisma.$executeRaw`SET LOCAL work_mem = '64MB'`,
      this.prisma.$executeRaw`SET LOCAL max_parallel_workers_per_gather = 0`,
    ];
  }

  private shiftsQuery(q: MovementQuery) {
    return this.prisma.$queryRaw<Array<{ holder: string; net: string; balance: string | null }>>`
      WITH moves AS (
        SELECT to_address AS holder, value AS delta FROM holder_transfers
          WHERE chain = ${q.chain} AND token = ${q.token} AND block_time >= ${q.since}
        UNION ALL
        SELECT from_address, -value FROM holder_transfers
          WHERE chain = ${q.chain} AND token = ${q.token} AND block_time >= ${q.since}
      ), net AS (SELECT holder, SUM(delta) AS net FROM moves GROUP BY holder),
      -- The largest first, then their balances: a join before the limit looked up every address that moved.
      largest AS (SELECT holder, net FROM net WHERE abs(net) >= ${q.min.toString()}::numeric ORDER BY abs(net) DESC LIMIT ${q.limit})
      SELECT largest.holder, largest.net::text AS net, b.balance::text AS balance
      FROM largest LEFT JOIN holder_balances b ON b.chain = ${q.chain} AND b.token = ${q.token} AND b.holder = largest.holder
      ORDER BY abs(largest.net) DESC`;
  }

  /** Caches eth_getCode answers for holders (code at an address rarely changes; EOAs never get code back). */
  async saveContractFlags(key: TokenKey, flags: Array<{ holder: string; isContract: boolean }>): Promise<void> {
    if (flags.length === 0) return;
    await this.prisma.$executeRaw`UPDATE holder_balances b SET is_contract = f.is_contract
      FROM unnest(${flags.map((f) => f.holder)}::text[], ${flags.map((f) => f.isContract)}::boolean[]) AS f(holder, is_contract)
      WHERE b.chain = ${key.chain} AND b.token = ${key.token} AND b.holder = f.holder`;
  }
}

type Tx = Prisma.TransactionClient;
type CheckpointRow = { last_block: bigint; holder_count: number; transfer_count: bigint };
type ActivityRow = { new_holders: number; large_transfers: number; large_holders_moved: number };
type RawBalance = { holder: string; balance: string; is_contract: boolean | null };

function toCheckpoint(row: { lastBlock: bigint; holderCount: number; transferCount: bigint }): Checkpoint {
  return { lastBlock: Number(row.lastBlock), holderCount: row.holderCount, transferCount: Number(row.transferCount) };
}

function toBalanceRow(row: RawBalance): BalanceRow {
  return { holder: row.holder, balance: BigInt(row.balance), isContract: row.is_contract };
}

const toDate = (seconds: number | null): Date | null => (seconds === null ? null : new Date(seconds * 1000));

/**
 * One statement: adds each address's delta, keeps the first incoming transfer, and returns how
 * the number of positive balances changed (the balance before is the one after minus the delta;
 * the advisory lock keeps anyone else from changing the rows meanwhile).
 */
/**
 * Rows per statement in a batch's writes: a batch of 100,000 transfers may touch as many holders, and one
 * statement for all of them outlasts the statement timeout on a large index; the transaction (one
 * checkpoint move) still holds them all.
 */
export const ROWS_PER_STATEMENT = 20_000;

function* chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): Generator<readonly T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

async function upsertBalances(tx: Tx, params: TokenKey & { batch: TransferBatch }): Promise<number> {
  let holderDelta = 0;
  for (const part of chunks(params.batch.deltas)) holderDelta += await upsertBalanceChunk(tx, params, part);
  return holderDelta;
}

async function upsertBalanceChunk(
  tx: Tx,
  key: TokenKey,
  part: readonly TransferBatch['deltas'][number][],
): Promise<number> {
  const { chain, token } = key;
  const holders = part.map((d) => d.holder);
  const deltas = part.map((d) => d.delta.toString());
  const firstBlocks = part.map((d) => d.firstInBlock);
  const firstTimes = part.map((d) => toDate(d.firstInAt));
  const [row] = await tx.$queryRaw<{ holder_delta: number }[]>`
    WITH d AS (
      SELECT * FROM unnest(${holders}::text[], ${deltas}::numeric[], ${firstBlocks}::bigint[], ${firstTimes}::timestamptz[])
        AS t(holder, delta, first_block, first_at)
    ), up AS (
      INSERT INTO holder_balances AS b (chain, token, holder, balance, first_in_block, first_in_at)
      SELECT ${chain}, ${token}, holder, delta, first_block, first_at FROM d
      ON CONFLICT (chain, token, holder) DO UPDATE SET
        balance = b.balance + EXCLUDED.balance,
        first_in_at = CASE WHEN b.first_in_block IS NULL THEN EXCLUDED.first_in_at ELSE b.first_in_at END,
        first_in_block = COALESCE(b.first_in_block, EXCLUDED.first_in_block)
      RETURNING b.holder, b.balance
    )
    SELECT (count(*) FILTER (WHERE up.balance > 0 AND up.balance - d.delta <= 0)
          - count(*) FILTER (WHERE up.balance <= 0 AND up.balance - d.delta > 0))::int AS holder_delta
    FROM up JOIN d ON d.holder = up.holder`;
  return row.holder_delta;
}

async function insertRecent(tx: Tx, params: TokenKey & { batch: TransferBatch }): Promise<void> {
  const { chain, token } = params;
  for (const recent of chunks(params.batch.recent)) {
    await tx.$executeRaw`
      INSERT INTO holder_transfers (chain, token, block_number, log_index, from_address, to_address, value, block_time)
      SELECT ${chain}, ${token}, * FROM unnest(
        ${recent.map((t) => t.block)}::bigint[], ${recent.map((t) => t.logIndex)}::int[],
        ${recent.map((t) => t.from)}::text[], ${recent.map((t) => t.to)}::text[],
        ${recent.map((t) => t.value.toString())}::numeric[], ${recent.map((t) => toDate(t.timestamp!))}::timestamptz[])
      ON CONFLICT DO NOTHING`;
  }
}
