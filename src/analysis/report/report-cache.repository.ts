import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../../config/app-config';
import type { Prisma } from '../../prisma/generated/client';
import { PrismaService } from '../../prisma/prisma.service';
import type { TokenReport } from './token-report';

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

  async save(key: { chain: ChainKey; address: string; features: string }, report: TokenReport, createdAt: Date): Promise<void> {
    const json = report as unknown as Prisma.InputJsonValue;
    await this.prisma.reportCache.upsert({
      where: { chain_address_features: key },
      create: { ...key, report: json, createdAt },
      update: { report: json, createdAt },
    });
  }
}
