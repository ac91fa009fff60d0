import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

export interface UsageDelta {
  provider: string;
  requests: number;
  rateLimitHits: number;
}

/** The only door to provider_usage_daily. */
@Injectable()
export class ProviderUsageRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Adds the deltas to the day's counters in one statement. */
  async add(day: string, deltas: UsageDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    await this.prisma.$executeRaw`
      INSERT INTO provider_usage_daily (day, provider, requests, rate_limit_hits)
      SELECT ${day}::date, * FROM unnest(${deltas.map((d) => d.provider)}::varchar[], ${deltas.map((d) => d.requests)}::int[], ${deltas.map((d) => d.rateLimitHits)}::int[])
      ON CONFLICT (day, provider) DO UPDATE SET
        requests = provider_usage_daily.requests + EXCLUDED.requests,
        rate_limit_hits = provider_usage_daily.rate_limit_hits + EXCLUDED.rate_limit_hits`;
  }

  async day(day: string): Promise<UsageDelta[]> {
    const rows = await this.prisma.providerUsageDaily.findMany({ where: { day: new Date(`${day}T00:00:00Z`) } });
    return rows.map((r) => ({ provider: r.provider, requests: r.requests, rateLimitHits: r.rateLimitHits }));
  }
}
