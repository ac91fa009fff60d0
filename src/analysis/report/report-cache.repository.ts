import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../../config/app-config';
import { PrismaService } from '../../prisma/prisma.service';
import type { TokenReport } from './token-report';

/** A stored report's creator part, as kept in the report's JSON. */
export type StoredCreation = NonNullable<TokenReport['creator']>;

/** One token whose stored report names a given creator: its latest report's grade and score. */
export interface CreatedTokenRow {
  chain: string;
  /** The id of the chain that answered, as the report says; null in a report stored before it said. */
  chainId: number | null;
  address: string;
  grade: string;
  serviceScore: number;
  createdAt: Date;
}

const MAX_CREATED_TOKENS = 50;

export interface CachedRow {
  report: TokenReport;
  createdAt: Date;
}

/** The only door to report_cache. */
@Injectable()
export class ReportCacheRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(key: { chain: ChainKey; address: string; features: string }, notBefore: Date): Promise<CachedRow | null> {
    const row = await this.prisma.reportCache.findFirst({
      where: { chain: key.chain, address: key.address, features: key.features, createdAt: { gte: notBefore } },
      select: { report: true, createdAt: true },
    });
    return row ? { report: row.report as unknown as TokenReport, createdAt: row.createdAt } : null;
  }

  async save(
    key: { chain: ChainKey; address: string; features: string },
    report: TokenReport,
    createdAt: Date,
  ): Promise<void> {
    // One JSON.stringify: the client's upsert walked the report object twice (create and update), about
    // 2 % of a cold scan's CPU for a token with holders and trades.
    await this.prisma.$executeRaw`
      INSERT INTO report_cache (chain, address, features, report, created_at)
      VALUES (${key.chain}, ${key.address}, ${key.features}, ${JSON.stringify(report)}::jsonb, ${createdAt})
      ON CONFLICT (chain, address, features) DO UPDATE SET report = EXCLUDED.report, created_at = EXCLUDED.created_at`;
  }

  /** Deletes the reports stored before `before`; returns how many. */
  async deleteOlderThan(before: Date): Promise<number> {
    return this.prisma.$executeRaw`DELETE FROM report_cache WHERE created_at < ${before}`;
  }

  /** A creation found earlier (any stored report of the token that knew its creator): it never changes. */
  async findCreation(key: { chain: ChainKey; address: string }): Promise<StoredCreation | null> {
    const rows = await this.prisma.$queryRaw<{ creator: StoredCreation }[]>`
      SELECT report->'creator' AS creator FROM report_cache
      WHERE chain = ${key.chain} AND address = ${key.address.toLowerCase()} AND report->'creator'->>'source' IN ('node_history', 'explorer')
      LIMIT 1`;
    return rows[0]?.creator ?? null;
  }

  /** Tokens (on any chain) whose latest stored report names `creator`, except `exclude`; newest first. */
  async findCreatedBy(creator: string, exclude: { chain: ChainKey; address: string }): Promise<CreatedTokenRow[]> {
    return this.prisma.$queryRaw<CreatedTokenRow[]>`
      SELECT * FROM (
        SELECT DISTINCT ON (chain, address) chain, (report->>'chainId')::int AS "chainId", address,
               report->'scores'->>'grade' AS grade,
               (report->'scores'->>'serviceScore')::float8 AS "serviceScore", created_at AS "createdAt"
        FROM report_cache
        WHERE lower(report->'creator'->>'address') = ${creator.toLowerCase()}
          AND NOT (chain = ${exclude.chain} AND address = ${exclude.address.toLowerCase()})
        ORDER BY chain, address, created_at DESC
      ) latest
      ORDER BY "createdAt" DESC
      LIMIT ${MAX_CREATED_TOKENS}`;
  }
}
