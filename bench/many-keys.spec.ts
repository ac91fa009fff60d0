import { quotaCheck, serviceVariants } from './many-keys';

describe('quotaCheck', () => {
  const connections = 50;

  it('passes when the quota taken equals the 2xx answers', () => {
    expect(quotaCheck({ charged: 4000, recorded: 4000, counted: 4000, connections }).ok).toBe(true);
  });

  it('passes with calls in flight when the load stopped, up to one per connection, and says how many', () => {
    const check = quotaCheck({ charged: 4671, recorded: 4642, counted: 4621, connections });
    expect(check).toEqual({ ok: true, line: expect.stringContaining('the 50 call(s) in flight') as string });
  });

  it.each([
    ['more taken than answers plus one per connection', { charged: 4672, recorded: 4642, counted: 4621 }],
    ['fewer taken than answers counted', { charged: 4620, recorded: 4620, counted: 4621 }],
    ['fewer calls logged than answers counted', { charged: 4621, recorded: 4600, counted: 4621 }],
    ['more calls logged than taken', { charged: 4621, recorded: 4622, counted: 4621 }],
  ])('fails with %s', (_name, figures) => {
    const check = quotaCheck({ ...figures, connections });
    expect(check.ok).toBe(false);
    expect(check.line).toMatch(/^\*\*mismatch\*\*/);
  });
});

describe('serviceVariants', () => {
  it('puts the README start first, then each variant with its settings', () => {
    expect(serviceVariants('LOG_LEVEL=warn; API_PROCESSES=1 REDIS_URL=redis://127.0.0.1:6379;-')).toEqual([
      { label: 'as the README starts it', env: {} },
      { label: 'LOG_LEVEL=warn', env: { LOG_LEVEL: 'warn' } },
      {
        label: 'API_PROCESSES=1 REDIS_URL=redis://127.0.0.1:6379',
        env: { API_PROCESSES: '1', REDIS_URL: 'redis://127.0.0.1:6379' },
      },
    ]);
    expect(serviceVariants(undefined)).toHaveLength(1);
  });

  it('refuses a setting that is not NAME=value', () => {
    expect(() => serviceVariants('LOG_LEVEL')).toThrow('BENCH_VARIANTS: "LOG_LEVEL" is not NAME=value');
  });
});
