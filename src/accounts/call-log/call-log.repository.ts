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

/** The only door to api_calls. */
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

  async counts(keyIds: string[], since: { dayStart: Date; monthStart: Date }): Promise<CallCounts> {
    const rows = await this.prisma.$queryRaw<Array<{ total: bigint; today: bigint; month: bigint }>>`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE created_at >= ${since.dayStart}) AS today,
             count(*) FILTER (WHERE created_at >= ${since.monthStart}) AS month
      FROM api_calls WHERE key_id = ANY(${keyIds}::uuid[])`;
    const r = rows[0];
    return { total: Number(r.total), today: Number(r.today), thisMonth: Number(r.month) };
  }

  /** The key's calls per UTC day since `since`, days with calls only, oldest first. */
  async daily(keyId: string, since: Date): Promise<DailyCalls[]> {
    const rows = await this.prisma.$queryRaw<Array<{ day: string; calls: bigint }>>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS calls
      FROM api_calls WHERE key_id = ${keyId}::uuid AND created_at >= ${since}
      GROUP BY 1 ORDER BY 1`;
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
}
