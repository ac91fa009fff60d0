import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { RedisService, RedisStatus } from '../common/redis/redis.service';
import { AppConfig, type DevnetState } from '../config/app-config';
import { PrismaService } from '../prisma/prisma.service';
import { ChainHealthIndicator, UpstreamStatus } from './chain-health.indicator';
import { ProviderHealthIndicator, type ProviderHealthSummary } from './provider-health.indicator';

export interface HealthSnapshot {
  /** `degraded` when the database (without which nothing works) or an upstream is down, or the devnet was rewound under the database. */
  status: 'healthy' | 'degraded';
  /** Only a database outage makes the instance unfit to serve (HTTP 503). */
  serviceable: boolean;
  timestamp: string;
  version: string;
  uptimeSeconds: number;
  database: 'connected' | 'disconnected';
  redis: RedisStatus;
  chains: UpstreamStatus;
  chainDetails: Record<string, string>;
  providers: ProviderHealthSummary;
  /** Only with the embedded devnet: its lineage and whether the database's records belong to it. */
  devnet?: DevnetState;
}

/** What the checks find; the rest of a snapshot (time, uptime, the devnet's state) is read per request. */
interface ComponentChecks {
  dbUp: boolean;
  redis: RedisStatus;
  chains: Awaited<ReturnType<ChainHealthIndicator['check']>>;
  providers: ProviderHealthSummary;
}

/**
 * Real checks behind both surfaces' health records. The components are checked at most once per
 * HEALTH_CACHE_MS (and once for all the requests that arrive while a check runs): a flood of `/health`
 * costs no database round trip or JSON-RPC call per request, and the answer is at most that old.
 */
@Injectable()
export class HealthService {
  private readonly startedAt: Date;
  private last?: { at: number; checks: Promise<ComponentChecks> };

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly chains: ChainHealthIndicator,
    private readonly providers: ProviderHealthIndicator,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.startedAt = clock.now();
  }

  async check(): Promise<HealthSnapshot> {
    const { dbUp, redis, chains, providers } = await this.components();
    const now = this.clock.now();
    const devnet = this.config.devnetState;
    const degraded =
      !dbUp || redis === 'unavailable' || chains.status !== 'operational' || devnet?.consistent === false;
    return {
      status: degraded ? 'degraded' : 'healthy',
      serviceable: dbUp,
      timestamp: now.toISOString(),
      version: this.config.version,
      uptimeSeconds: Math.max(0, Math.floor((now.getTime() - this.startedAt.getTime()) / 1000)),
      database: dbUp ? 'connected' : 'disconnected',
      redis,
      chains: chains.status,
      chainDetails: chains.details,
      providers,
      ...(devnet && { devnet }),
    };
  }

  /** The last check of the components while it is young enough (or still running), else a new one. */
  private components(): Promise<ComponentChecks> {
    const now = Date.now();
    if (this.last && now - this.last.at < this.config.healthCacheMs) return this.last.checks;
    const checks = Promise.all([
      this.prisma.ping(),
      this.redis.status(),
      this.chains.check(),
      this.providers.check(),
    ]).then(([dbUp, redis, chains, providers]) => ({ dbUp, redis, chains, providers }));
    const entry = { at: now, checks };
    this.last = entry;
    // A check that failed outright is never served again.
    checks.catch(() => {
      if (this.last === entry) this.last = undefined;
    });
    return checks;
  }
}

/** `<d> days, <hh:mm:ss>`, as surface B's health shows uptime. */
export function formatUptime(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const rest = totalSeconds % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days} days, ${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
}
