import type { Clock } from '../common/clock';
import type { RedisService } from '../common/redis/redis.service';
import type { AppConfig } from '../config/app-config';
import type { PrismaService } from '../prisma/prisma.service';
import type { ChainHealthIndicator } from './chain-health.indicator';
import type { ProviderHealthIndicator } from './provider-health.indicator';
import { formatUptime, HealthService } from './health.service';

describe('formatUptime', () => {
  it.each([
    [0, '0 days, 00:00:00'],
    [59, '0 days, 00:00:59'],
    [3_661, '0 days, 01:01:01'],
    [86_399, '0 days, 23:59:59'],
    [86_400, '1 days, 00:00:00'],
    [10 * 86_400 + 45_296, '10 days, 12:34:56'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });
});

describe('HealthService: the components are checked at most once per HEALTH_CACHE_MS', () => {
  const build = (healthCacheMs: number) => {
    const pings: boolean[] = [];
    let databaseUp = true;
    const service = new HealthService(
      {
        ping: () => {
          pings.push(databaseUp);
          return Promise.resolve(databaseUp);
        },
      } as unknown as PrismaService,
      { status: () => Promise.resolve('not_configured') } as unknown as RedisService,
      { check: () => Promise.resolve({ status: 'operational', details: {} }) } as unknown as ChainHealthIndicator,
      { check: () => Promise.resolve({}) } as unknown as ProviderHealthIndicator,
      { healthCacheMs, version: '1.0.0' } as unknown as AppConfig,
      { now: () => new Date() } as unknown as Clock,
    );
    return { service, pings, setDatabaseUp: (up: boolean) => (databaseUp = up) };
  };
  afterEach(() => jest.restoreAllMocks());

  it('answers a burst of requests with one check', async () => {
    const { service, pings } = build(1_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.check()));
    expect(pings).toHaveLength(1);
    expect(new Set(answers.map((a) => a.database))).toEqual(new Set(['connected']));
  });

  it('serves the last check while it is younger than the setting, then checks again', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { service, pings, setDatabaseUp } = build(1_000);
    expect((await service.check()).database).toBe('connected');
    setDatabaseUp(false);
    now.mockReturnValue(1_000_999);
    expect((await service.check()).database).toBe('connected');
    now.mockReturnValue(1_001_000);
    const after = await service.check();
    expect(after).toMatchObject({ database: 'disconnected', status: 'degraded', serviceable: false });
    expect(pings).toEqual([true, false]);
  });

  it('checks on every request with HEALTH_CACHE_MS=0', async () => {
    const { service, pings } = build(0);
    await service.check();
    await service.check();
    expect(pings).toHaveLength(2);
  });
});
