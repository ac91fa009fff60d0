import { metricValue } from '../../../test/support/prometheus-text';
import { AppError } from '../../common/errors/app-error';
import { MetricsService } from '../../common/metrics/metrics.service';
import { failedScanOutcome, recordScan } from './scan-outcome';
import type { TokenReport } from './token-report';

const report = (incomplete?: TokenReport['incomplete']) => ({ incomplete }) as TokenReport;

describe('scan outcomes', () => {
  let metrics: MetricsService;
  beforeEach(() => {
    metrics = new MetricsService();
  });
  const count = (section: string, outcome: string) => metricValue(metrics, 'tas_scans_total', { section, outcome });

  it('counts an analysed report ok per section, and its incomplete sections failed', async () => {
    recordScan(metrics, ['security', 'market'], {
      cached: false,
      report: report([{ section: 'market', reason: 'x' }]),
    });
    expect([await count('security', 'ok'), await count('market', 'failed'), await count('market', 'ok')]).toEqual([
      1, 1, 0,
    ]);
  });

  it('counts a cached report cached for every section asked for', async () => {
    recordScan(metrics, ['security', 'holder_analysis'], { cached: true, report: report() });
    expect([await count('security', 'cached'), await count('holder_analysis', 'cached')]).toEqual([1, 1]);
  });

  it('counts a thrown scan by what the error means', async () => {
    recordScan(metrics, ['market'], { error: new AppError('not_found', 'not a token') });
    expect(await count('market', 'not_analysable')).toBe(1);
    expect(failedScanOutcome(new AppError('validation', 'bad address'))).toBe('not_analysable');
    expect(failedScanOutcome(new AppError('rate_limited', 'upstream busy'))).toBe('refused');
    expect(failedScanOutcome(new AppError('unavailable', 'node down'))).toBe('failed');
    expect(failedScanOutcome(new Error('defect'))).toBe('failed');
  });
});
