import { parsePrometheusText, PrometheusParseError, sampleSum } from '../../../test/support/prometheus-text';
import { MetricsService } from './metrics.service';

describe('MetricsService', () => {
  let sut: MetricsService;
  beforeEach(() => {
    sut = new MetricsService();
  });

  const scrape = async () => parsePrometheusText(await sut.render());

  it('renders valid Prometheus text with the process metrics and every family of ours, typed and described', async () => {
    const families = await scrape();
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    const ours = [...families.values()].filter((f) => f.name.startsWith('tas_'));
    expect(Object.fromEntries(ours.map((f) => [f.name, f.type]))).toEqual({
      tas_http_requests_total: 'counter',
      tas_http_request_duration_seconds: 'histogram',
      tas_scans_total: 'counter',
      tas_rpc_calls_total: 'counter',
      tas_rpc_call_errors_total: 'counter',
      tas_rpc_request_duration_seconds: 'histogram',
      tas_report_cache_hits_total: 'counter',
      tas_report_cache_misses_total: 'counter',
      tas_quota_refusals_total: 'counter',
      tas_rate_limit_refusals_total: 'counter',
      tas_job_duration_seconds: 'histogram',
      tas_job_failures_total: 'counter',
      tas_job_queue_depth: 'gauge',
    });
    for (const f of ours) expect(f.help).toMatch(/\w/);
  });

  it('keeps each instance apart: two services in one process do not share a registry', async () => {
    const other = new MetricsService();
    sut.reportCacheMiss();
    expect(sampleSum(await scrape(), 'tas_report_cache_misses_total')).toBe(1);
    expect(sampleSum(parsePrometheusText(await other.render()), 'tas_report_cache_misses_total')).toBe(0);
  });

  it('counts HTTP requests by route, method and status and observes their latency by route and method', async () => {
    sut.httpRequest('/api/v1/token/scan', 'POST', 200, 0.004);
    sut.httpRequest('/api/v1/token/scan', 'POST', 200, 0.3);
    sut.httpRequest('/api/v1/token/scan', 'POST', 401, 0.001);
    sut.httpRequest('unmatched', 'BREW', 404, 0.001);
    const m = await scrape();
    expect(
      sampleSum(m, 'tas_http_requests_total', { route: '/api/v1/token/scan', method: 'POST', status: '200' }),
    ).toBe(2);
    expect(
      sampleSum(m, 'tas_http_requests_total', { route: '/api/v1/token/scan', method: 'POST', status: '401' }),
    ).toBe(1);
    expect(sampleSum(m, 'tas_http_requests_total', { route: 'unmatched', method: 'OTHER', status: '404' })).toBe(1);
    expect(
      sampleSum(m, 'tas_http_request_duration_seconds_count', { route: '/api/v1/token/scan', method: 'POST' }),
    ).toBe(3);
    expect(
      sampleSum(m, 'tas_http_request_duration_seconds_bucket', {
        route: '/api/v1/token/scan',
        method: 'POST',
        le: '0.005',
      }),
    ).toBe(2);
    expect(sampleSum(m, 'tas_http_request_duration_seconds_sum', { route: '/api/v1/token/scan' })).toBeCloseTo(
      0.305,
      6,
    );
  });

  it('labels JSON-RPC calls by chain and method, and folds a method name that is not one into "other"', async () => {
    sut.rpcCall('eth', 'eth_call');
    sut.rpcCall('eth', 'eth_call');
    sut.rpcCall('bsc', 'eth_getLogs');
    sut.rpcCall('eth', '0xdeadbeef{}');
    sut.rpcCallFailed('eth', 'eth_call');
    sut.rpcRequest('eth', 0.02);
    const m = await scrape();
    expect(sampleSum(m, 'tas_rpc_calls_total', { chain: 'eth', method: 'eth_call' })).toBe(2);
    expect(sampleSum(m, 'tas_rpc_calls_total', { chain: 'bsc', method: 'eth_getLogs' })).toBe(1);
    expect(sampleSum(m, 'tas_rpc_calls_total', { chain: 'eth', method: 'other' })).toBe(1);
    expect(sampleSum(m, 'tas_rpc_call_errors_total', { chain: 'eth', method: 'eth_call' })).toBe(1);
    expect(sampleSum(m, 'tas_rpc_request_duration_seconds_count', { chain: 'eth' })).toBe(1);
  });

  it('exposes the job API the queue calls: completions with their time, failures, and queue depth read at scrape time', async () => {
    let waiting: Record<string, number> = { scans: 3, holders: 0 };
    sut.registerQueueDepth(async () => waiting);
    sut.jobCompleted('scans', 1.5);
    sut.jobFailed('scans');
    sut.jobFailed('scans');
    let m = await scrape();
    expect(sampleSum(m, 'tas_job_queue_depth', { queue: 'scans' })).toBe(3);
    expect(
      m
        .get('tas_job_queue_depth')
        ?.samples.map((s) => s.labels.queue)
        .sort(),
    ).toEqual(['holders', 'scans']);
    expect(sampleSum(m, 'tas_job_duration_seconds_count', { queue: 'scans' })).toBe(1);
    expect(sampleSum(m, 'tas_job_duration_seconds_sum', { queue: 'scans' })).toBe(1.5);
    expect(sampleSum(m, 'tas_job_failures_total', { queue: 'scans' })).toBe(2);
    waiting = { scans: 7 };
    m = await scrape();
    expect(m.get('tas_job_queue_depth')?.samples).toEqual([
      { name: 'tas_job_queue_depth', labels: { queue: 'scans' }, value: 7 },
    ]);
  });

  it('leaves a failing queue-depth source out of the scrape instead of failing it', async () => {
    sut.registerQueueDepth(async () => {
      throw new Error('database gone');
    });
    sut.registerQueueDepth(async () => ({ webhooks: 2 }));
    const m = await scrape();
    expect(m.get('tas_job_queue_depth')?.samples).toEqual([
      { name: 'tas_job_queue_depth', labels: { queue: 'webhooks' }, value: 2 },
    ]);
  });
});

describe('parsePrometheusText', () => {
  it('reads labels with escapes, special values and timestamps', () => {
    const m = parsePrometheusText(
      '# HELP a_total A \\\\ help\\nline\n# TYPE a_total counter\na_total{x="q\\"uote",y="back\\\\slash",z="new\\nline",} 3 1700000000000\n# TYPE g gauge\ng NaN\ng{k="1"} +Inf\ng{k="2"} Nan\n',
    );
    expect(m.get('a_total')).toEqual({
      name: 'a_total',
      type: 'counter',
      help: 'A \\ help\nline',
      samples: [{ name: 'a_total', labels: { x: 'q"uote', y: 'back\\slash', z: 'new\nline' }, value: 3 }],
    });
    expect(m.get('g')?.samples.map((s) => s.value)).toEqual([NaN, Infinity, NaN]);
  });

  it.each([
    ['a sample without a value', 'a_total\n'],
    ['an unquoted label value', 'a{x=1} 1\n'],
    ['a bad value', 'a 1,5\n'],
    ['trailing text', 'a 1 2 3\n'],
    ['a second TYPE', '# TYPE a counter\n# TYPE a counter\na 1\n'],
    ['a TYPE after samples', 'a 1\n# TYPE a counter\n'],
    ['the same series twice', 'a{x="1"} 1\na{x="1"} 2\n'],
    ['a family split by another', '# TYPE a counter\na 1\n# TYPE b counter\nb 1\na{x="2"} 1\n'],
    ['a bad metric name', '1a 1\n'],
    ['a bad label name', 'a{1x="1"} 1\n'],
    ['a bucket without le', '# TYPE h histogram\nh_bucket 1\nh_count 1\nh_sum 1\n'],
    ['non-cumulative buckets', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\nh_sum 1\n'],
    ['a +Inf bucket unlike _count', '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_count 1\nh_sum 1\n'],
    ['no final line feed', 'a 1'],
    ['a malformed TYPE', '# TYPE a countr\n'],
  ])('refuses %s', (_why, text) => {
    expect(() => parsePrometheusText(text)).toThrow(PrometheusParseError);
  });
});
