import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** Slots for requests in flight: across instances when Redis is configured, across a cluster's processes (ClusterConcurrencyGate) without it. */
export interface ConcurrencyGate {
  /** True when a slot was taken for `id`; the caller must release it. */
  tryAcquire(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  current(): Promise<number>;
}

export class MemoryConcurrencyGate implements ConcurrencyGate {
  private readonly held = new Set<string>();

  constructor(private readonly max: number) {}

  async tryAcquire(id: string): Promise<boolean> {
    if (this.held.size >= this.max) return false;
    this.held.add(id);
    return true;
  }

  async release(id: string): Promise<void> {
    this.held.delete(id);
  }

  async current(): Promise<number> {
    return this.held.size;
  }
}

// A sorted set of request ids scored by their lease's end: a crashed instance's slots lapse by
// themselves instead of leaking for ever. Check-and-take is one script, so it is atomic.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;

export class RedisConcurrencyGate implements ConcurrencyGate {
  private readonly logger = new Logger(RedisConcurrencyGate.name);

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly max: number,
    private readonly leaseMs = 120_000,
  ) {}

  async tryAcquire(id: string): Promise<boolean> {
    const now = Date.now();
    try {
      const taken = await this.redis.eval(ACQUIRE, 1, this.key, now, this.max, now + this.leaseMs, id, this.leaseMs);
      return taken === 1;
    } catch (err) {
      this.logger.warn(`Concurrency gate unavailable, letting the call through: ${(err as Error).message}`);
      return true;
    }
  }

  async release(id: string): Promise<void> {
    await this.redis.zrem(this.key, id).catch(() => undefined);
  }

  async current(): Promise<number> {
    try {
      await this.redis.zremrangebyscore(this.key, '-inf', Date.now());
      return await this.redis.zcard(this.key);
    } catch {
      return 0;
    }
  }
}
