import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { ChainKey } from '../../config/app-config';
import { DAY_MS, Clock } from '../../common/clock';
import { withinDatabaseWait } from '../../common/errors/unavailable';
import { MetricsService } from '../../common/metrics/metrics.service';
import { ReportCacheRepository } from './report-cache.repository';
import type { Feature, TokenReport } from './token-report';

const MAX_AGE_MS = DAY_MS;
const CACHE_READ_WAIT_MS = 1_000;

/**
 * The report's shape: raised when a field is added, so a report cached before (in PostgreSQL, which
 * outlives a deploy) is analysed again rather than served without it.
 */
const REPORT_FORMAT = 4;

interface Entry {
  report: TokenReport;
  createdAt: number;
}

export interface CacheKey {
  chain: ChainKey;
  address: string;
  features: Feature[];
}

/**
 * Finished reports: in process first (sub-millisecond), then PostgreSQL (shared by instances).
 * A caller's cache_ttl decides how old a report it accepts.
 */
@Injectable()
export class ReportCache {
  private readonly logger = new Logger(ReportCache.name);
  private readonly memory = new LRUCache<string, Entry>({ max: 5_000, ttl: MAX_AGE_MS });

  constructor(
    private readonly rows: ReportCacheRepository,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Forgets the reports stored more than `keepDays` ago (served at most a day old; kept longer for the
   * creator's other tokens and known creations). Returns how many went.
   */
  expire(keepDays: number): Promise<number> {
    return this.rows.deleteOlderThan(new Date(this.clock.now().getTime() - keepDays * DAY_MS));
  }

  async get(key: CacheKey, maxAgeSeconds: number): Promise<{ report: TokenReport; ageSeconds: number } | null> {
    const now = this.clock.now().getTime();
    const fresh = (createdAt: number) => now - createdAt <= maxAgeSeconds * 1000;
    const id = cacheId(key);
    let entry = this.memory.get(id);
    let tier: 'memory' | 'database' = 'memory';
    if (!entry || !fresh(entry.createdAt)) {
      // A cache that does not answer within a second is a miss: the scan goes on without it.
      const row = await withinDatabaseWait(
        this.rows.find(dbKey(key), new Date(now - maxAgeSeconds * 1000)),
        Date.now() + CACHE_READ_WAIT_MS,
      ).catch((err: unknown) => {
        this.logger.warn(`Report cache unavailable: ${(err as Error).message}`);
        return null;
      });
      if (!row) {
        this.metrics.reportCacheMiss();
        return null;
      }
      entry = { report: row.report, createdAt: row.createdAt.getTime() };
      tier = 'database';
      this.memory.set(id, entry);
    }
    if (!fresh(entry.createdAt)) {
      this.metrics.reportCacheMiss();
      return null;
    }
    this.metrics.reportCacheHit(tier);
    return { report: entry.report, ageSeconds: Math.floor((now - entry.createdAt) / 1000) };
  }

  async put(key: CacheKey, report: TokenReport): Promise<void> {
    const createdAt = this.clock.now();
    this.memory.set(cacheId(key), { report, createdAt: createdAt.getTime() });
    await this.rows.save(dbKey(key), report, createdAt).catch((err: unknown) => {
      this.logger.warn(`Could not store a report in the cache: ${(err as Error).message}`);
    });
  }
}

export function cacheId(key: CacheKey): string {
  return `${key.chain}:${key.address.toLowerCase()}:${[...key.features].sort().join(',')}`;
}

function dbKey(key: CacheKey) {
  return {
    chain: key.chain,
    address: key.address.toLowerCase(),
    features: `v${REPORT_FORMAT}:${[...key.features].sort().join(',')}`,
  };
}
