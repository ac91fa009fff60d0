import { parseWrk, wrkScript } from './load-generator';

// wrk 4.1's report, as printed by `wrk -t1 -c5 -d1s --latency` against a server answering 500.
const report = `Running 1s test @ http://127.0.0.1:18999/bad
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   284.17us  704.00us   9.10ms   91.89%
    Req/Sec    55.72k    20.97k   87.29k    63.64%
  Latency Distribution
     50%   73.00us
     75%  107.00us
     90%  717.00us
     99%    3.53ms
  60769 requests in 1.10s, 8.29MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 60769
Requests/sec:  55229.63
Transfer/sec:      7.53MB
`;

describe('parseWrk', () => {
  it('reads the rate, the latency percentiles in ms, non-2xx answers and socket errors', () => {
    expect(parseWrk(report, 1)).toEqual({
      tool: 'wrk',
      duration: 1,
      requests: { average: 55229.63, total: 60769 },
      latency: { p50: 0.073, p99: 3.53 },
      non2xx: 60769,
      errors: 5,
    });
  });

  it('counts no failures when wrk reports none', () => {
    const clean = report.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '');
    expect(parseWrk(clean, 1)).toMatchObject({ non2xx: 0, errors: 0 });
  });
});

describe('wrkScript', () => {
  const request = { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } };

  it('sets the method, the body (quotes escaped) and each header', () => {
    expect(wrkScript(request)).toBe(
      ['wrk.method = "POST"', 'wrk.body = "{\\"a\\":1}"', 'wrk.headers["Content-Type"] = "application/json"', ''].join(
        '\n',
      ),
    );
  });

  it('with rotate, formats one request per value at init and hands them out in turn', () => {
    const script = wrkScript({ ...request, rotate: { header: 'X-Service-API-Key', values: ['k1', 'k2', 'k3'] } });
    expect(script).toContain('local values = { "k1", "k2", "k3" }');
    expect(script).toContain('    wrk.headers["X-Service-API-Key"] = v\n    requests[i] = wrk.format()');
    expect(script).toMatch(/function request\(\)\n {2}n = n % #requests \+ 1\n {2}return requests\[n\]\nend\n$/);
  });
});
