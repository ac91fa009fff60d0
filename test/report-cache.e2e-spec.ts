import { ReportCacheRepository } from '../src/analysis/report/report-cache.repository';
import type { TokenReport } from '../src/analysis/report/token-report';
import { sql } from './support/keys';
import { bootTestApp, TestApp } from './support/test-app';

describe('Report cache rows', () => {
  let t: TestApp;
  let rows: ReportCacheRepository;
  beforeAll(async () => {
    t = await bootTestApp();
    rows = t.app.get(ReportCacheRepository);
  });
  afterAll(() => t.close());

  const key = {
    chain: 'eth' as const,
    address: '0x00000000000000000000000000000000000000aa',
    features: 'contract,market',
  };
  // Whatever JSON a report holds: nesting, nulls, quotes and backslashes, non-ASCII, large and fractional numbers.
  const report = (n: number) =>
    ({
      summary: { grade: 'B', score: n, notes: ['a "quoted" \\ word', 'ünïcode ✓', null] },
      holders: Array.from({ length: 3 }, (_, i) => ({ address: `0x${String(i).repeat(40)}`, share: i / 3 })),
      supply: '123456789012345678901234567890',
      empty: {},
    }) as unknown as TokenReport;

  it('stores a report and reads it back as it was, then replaces it (one row per key)', async () => {
    const first = new Date('2026-11-28T10:00:00.123Z');
    await rows.save(key, report(1), first);
    expect(await rows.find(key, new Date(0))).toEqual({ report: report(1), createdAt: first });
    const second = new Date('2026-11-28T10:05:00.456Z');
    await rows.save(key, report(2), second);
    expect(await rows.find(key, new Date(0))).toEqual({ report: report(2), createdAt: second });
    expect(await rows.find(key, new Date('2026-11-28T10:06:00Z'))).toBeNull();
    // Stored as a JSON object, not as a JSON string holding one.
    const stored = await sql(
      t,
      "SELECT count(*)::int AS n, bool_and(jsonb_typeof(report) = 'object') AS object FROM report_cache WHERE address = $1",
      [key.address],
    );
    expect(stored).toEqual([{ n: 1, object: true }]);
  });
});
