import { FakeQuotaCounter } from '../../test/fakes';
import { metricValue } from '../../test/support/prometheus-text';
import { AppError } from '../common/errors/app-error';
import { MetricsService } from '../common/metrics/metrics.service';
import { RedisService } from '../common/redis/redis.service';
import { loadConfig } from '../config/app-config';
import { DailyCounter, type MeteredKey } from './counters';
import { RateLimitedError } from './limit.errors';
import { LimitsService } from './limits.service';
import { MeteringService } from './metering.service';

class UnusedDailyCounter extends DailyCounter {
  async take(): Promise<number | null> {
    throw new Error('not used here');
  }
}

const meteredKey = (overrides: Partial<MeteredKey> = {}): MeteredKey => ({
  id: 'key-1',
  quotaLimit: 10,
  rateLimitPerMinute: 60,
  ...overrides,
});

describe('MeteringService', () => {
  let quota: FakeQuotaCounter;
  let metrics: MetricsService;
  let sut: MeteringService;

  beforeEach(() => {
    const config = loadConfig({ NODE_ENV: 'test' });
    quota = new FakeQuotaCounter();
    metrics = new MetricsService();
    sut = new MeteringService(
      new LimitsService(config, new RedisService(config), metrics),
      quota,
      new UnusedDailyCounter(),
      metrics,
    );
  });

  it('takes one call from the quota and gives it back once, however often refund is called', async () => {
    const ticket = await sut.admitKeyCall({ key: meteredKey(), takesQuota: true, limit: 'plan', scannerWide: false });
    expect(ticket.quotaRemaining).toBe(9);
    await ticket.refund();
    await ticket.refund();
    expect(quota.remaining.get('key-1')).toBe(10);
    expect(quota.givenBack).toBe(1);
  });

  it('gives the quota back when a rate limit refuses the call', async () => {
    const key = meteredKey({ rateLimitPerMinute: 1 });
    await sut.admitKeyCall({ key, takesQuota: true, limit: 'plan', scannerWide: false });
    await expect(sut.admitKeyCall({ key, takesQuota: true, limit: 'plan', scannerWide: false })).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    expect(quota.remaining.get('key-1')).toBe(9);
    expect(quota.givenBack).toBe(1);
    expect(await metricValue(metrics, 'tas_rate_limit_refusals_total', { limit: 'key' })).toBe(1);
    expect(await metricValue(metrics, 'tas_quota_refusals_total', { quota: 'monthly' })).toBe(0);
  });

  it('counts quota refusals by quota: a spent monthly quota (429) and a spent test key (402)', async () => {
    quota.take = async () => {
      throw new AppError('rate_limited', 'Monthly quota spent');
    };
    await expect(
      sut.admitKeyCall({ key: meteredKey(), takesQuota: true, limit: 'plan', scannerWide: false }),
    ).rejects.toThrow('Monthly quota spent');
    quota.takeUpTo = async () => {
      throw new AppError('payment_required', 'scans are spent');
    };
    await expect(sut.takeQuota(meteredKey(), 3)).rejects.toThrow('scans are spent');
    expect(await metricValue(metrics, 'tas_quota_refusals_total', { quota: 'monthly' })).toBe(1);
    expect(await metricValue(metrics, 'tas_quota_refusals_total', { quota: 'test_key' })).toBe(1);
    expect(await metricValue(metrics, 'tas_rate_limit_refusals_total', { limit: 'key' })).toBe(0);
  });

  it("counts no refusal for a quota store's own failure", async () => {
    quota.take = async () => {
      throw new Error('database gone');
    };
    await expect(
      sut.admitKeyCall({ key: meteredKey(), takesQuota: true, limit: 'plan', scannerWide: false }),
    ).rejects.toThrow('database gone');
    expect(await metricValue(metrics, 'tas_quota_refusals_total', { quota: 'monthly' })).toBe(0);
  });

  it('has nothing to give back for a key without a quota or a route that takes none', async () => {
    const unlimited = await sut.admitKeyCall({
      key: meteredKey({ quotaLimit: null }),
      takesQuota: true,
      limit: 'plan',
      scannerWide: false,
    });
    const free = await sut.admitKeyCall({
      key: meteredKey({ id: 'key-2' }),
      takesQuota: false,
      limit: 'plan',
      scannerWide: false,
    });
    await unlimited.refund();
    await free.refund();
    expect(unlimited.quotaRemaining).toBeNull();
    expect(free.quotaRemaining).toBeUndefined();
    expect(quota.givenBack).toBe(0);
    expect(quota.remaining.has('key-2')).toBe(false);
  });

  it('sends the rate-limit headers of the binding per-key budget', async () => {
    const ticket = await sut.admitKeyCall({
      key: meteredKey({ rateLimitPerMinute: 5 }),
      takesQuota: false,
      limit: 'plan',
      scannerWide: true,
    });
    expect(ticket.headers['X-RateLimit-Remaining']).toBe('4');
    await ticket.release();
  });
});
