import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';

export type RedisStatus = 'available' | 'not_configured' | 'unavailable';

/**
 * The shared Redis connection, when REDIS_URL is set. Commands fail within a second while Redis is down,
 * so callers can fall back instead of waiting.
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis | null;

  constructor(config: AppConfig) {
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          // Commands wait for a (re)connection only briefly: a limiter must fail open fast, not queue.
          enableOfflineQueue: true,
          commandTimeout: 1_000,
          maxRetriesPerRequest: 1,
          connectTimeout: 1_000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
        })
      : null;
    // Without a listener ioredis prints every failed reconnect; log once per outage instead.
    let down = false;
    this.client?.on('error', (err: Error) => {
      if (!down) this.logger.warn(`Redis unavailable: ${err.message}`);
      down = true;
    });
    this.client?.on('ready', () => {
      down = false;
    });
  }

  async status(): Promise<RedisStatus> {
    if (!this.client) return 'not_configured';
    try {
      await this.client.ping();
      return 'available';
    } catch {
      return 'unavailable';
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.client) return;
    // quit() flushes pending replies but needs a live connection; a reconnecting client must be cut.
    if (this.client.status === 'ready') await this.client.quit().catch(() => undefined);
    this.client.disconnect();
  }
}
