import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';

export interface CallEntry {
  keyId: string;
  surface: 'A' | 'B' | 'C';
  method: string;
  /** The route template (`/scanner/api/v1/user/stats`), never the raw URL. */
  endpoint: string;
  status: number;
  latencyMs: number;
  chain?: string;
  address?: string;
  at: Date;
}

export interface CallCounts {
  total: number;
  today: number;
  thisMonth: number;
}

/** Calls on one UTC day (`YYYY-MM-DD`). */
export interface DailyCalls {
  day: string;
  calls: number;
}

export interface RecentCall {
  timestamp: Date;
  method: string;
  endpoint: string;
  status: number;
  latencyMs: number;
}

/** `YYYY-MM-DD` of the instant's UTC day. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The only door to api_calls (partitioned by UTC day) and api_usage_daily (its exact daily rollups,
 * added by a trigger on every insert: see prisma/migrations/20261128200000_bounded_usage).
 */
@Injectable()
export class CallLogRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One statement per batch: arrays unnested server-side (far cheaper than a row-per-value insert). */
  async insertMany(entries: CallEntry[]): Promise<void> {
    const col = <T>(pick: (e: CallEntry) => T) => entries.map(pick);
    await this.prisma.$executeRaw`
      INSERT INTO api_calls (key_id, surface, method, endpoint, status, latency_ms, chain, address, created_at)
      SELECT * FROM unnest(
        ${col((e) => e.keyId)}::uuid[], ${col((e) => e.surface)}::varchar[], ${col((e) => e.method)}::varchar[],
        ${col((e) => e.endpoint.slice(0, 200))}::varchar[], ${col((e) => e.status)}::smallint[], ${col((e) => e.latencyMs)}::int[],
        ${col((e) => e.chain ?? null)}::varchar[], ${col((e) => e.address ?? null)}::varchar[], ${col((e) => e.at)}::timestamptz[])`;
  }

  /** Calls of the keys: ever, since `dayStart` and since `monthStart` (UTC midnights), from the daily rollups. */
  async counts(keyIds: string[], since: { dayStart: Date; monthStart: Date }): Promise<CallCounts> {
    const rows = await this.prisma.$queryRaw<Array<{ total: bigint; today: bigint; month: bigint }>>`
      SELECT coalesce(sum(calls), 0)::bigint AS total,
             coalesce(sum(calls) FILTER (WHERE day >= ${utcDay(since.dayStart)}::date), 0)::bigint AS today,
             coalesce(sum(calls) FILTER (WHERE day >= ${utcDay(since.monthStart)}::date), 0)::bigint AS month
      FROM api_usage_daily WHERE key_id = ANY(${keyIds}::uuid[])`;
    const r = rows[0];
    return { total: Number(r.total), today: Number(r.today), thisMonth: Number(r.month) };
  }

  /** The key's calls per UTC day from the day of `since` on, days with calls only, oldest first (from the rollups). */
  async daily(keyId: string, since: Date): Promise<DailyCalls[]> {
    const rows = await this.prisma.$queryRaw<Array<{ day: string; calls: bigint }>>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, calls
      FROM api_usage_daily WHERE key_id = ${keyId}::uuid AND day >= ${utcDay(since)}::date
      ORDER BY day`;
    return rows.map((r) => ({ day: r.day, calls: Number(r.calls) }));
  }

  async recent(keyId: string, limit: number): Promise<RecentCall[]> {
    const rows = await this.prisma.apiCall.findMany({
      where: { keyId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: { createdAt: true, method: true, endpoint: true, status: true, latencyMs: true },
    });
    return rows.map((r) => ({
      timestamp: r.createdAt,
      method: r.method,
      endpoint: r.endpoint,
      status: r.status,
      latencyMs: r.latencyMs,
    }));
  }

  /** Makes the day partitions of these UTC days (`YYYY-MM-DD`) where missing; returns their names. */
  async ensurePartitions(days: string[]): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<Array<{ name: string }>>`
      SELECT api_calls_ensure_partition(d::date) AS name FROM unnest(${days}::text[]) AS d ORDER BY d`;
    return rows.map((r) => r.name);
  }

  /** Drops the raw calls of UTC days before `day` (`YYYY-MM-DD`); returns the partitions dropped. */
  async dropDaysBefore(day: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<Array<{ name: string }>>`
      SELECT api_calls_drop_days_before(${day}::date) AS name`;
    return rows.map((r) => r.name);
  }
}
