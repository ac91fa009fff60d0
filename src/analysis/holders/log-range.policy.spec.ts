import { HttpRequestError, LimitExceededRpcError, ResponseBodyTooLargeError, RpcRequestError } from 'viem';
import { CEILING_TTL, LogRangePolicy, rangeHint, rangeRefusal, type LogRangePolicyOptions } from './log-range.policy';

const options = (overrides: Partial<LogRangePolicyOptions> = {}): LogRangePolicyOptions => ({
  initialRange: 1_000,
  maxRange: 8_000,
  targetLogs: 10_000,
  ...overrides,
});

const rpcError = (code: number, message: string) =>
  new RpcRequestError({ body: { method: 'eth_getLogs' }, error: { code, message }, url: 'http://node.invalid' });

describe('LogRangePolicy', () => {
  it('asks for the current range, never past the target', () => {
    const sut = new LogRangePolicy(options());
    expect(sut.window(100, 5_000)).toEqual({ from: 100, to: 1_099 });
    expect(sut.window(4_500, 5_000)).toEqual({ from: 4_500, to: 5_000 });
  });

  it('doubles after a full-width success with few logs, up to the maximum', () => {
    const sut = new LogRangePolicy(options());
    sut.succeeded(1_000, 10);
    expect(sut.currentRange).toBe(2_000);
    sut.succeeded(2_000, 0);
    sut.succeeded(4_000, 0);
    sut.succeeded(8_000, 0);
    expect(sut.currentRange).toBe(8_000);
  });

  it('shrinks after a response far over the target, in proportion', () => {
    const sut = new LogRangePolicy(options());
    sut.succeeded(1_000, 40_000);
    expect(sut.currentRange).toBe(250);
  });

  it('does not grow after a dense success or a short final window', () => {
    const sut = new LogRangePolicy(options());
    sut.succeeded(1_000, 6_000);
    sut.succeeded(300, 0);
    expect(sut.currentRange).toBe(1_000);
  });

  it('halves on a refusal, takes a smaller hint, and gives up at one block', () => {
    const sut = new LogRangePolicy(options());
    expect(sut.refused(1_000)).toBe(true);
    expect(sut.currentRange).toBe(500);
    expect(sut.refused(500, 120)).toBe(true);
    expect(sut.currentRange).toBe(120);
    expect(sut.refused(120, 5_000)).toBe(true); // a hint wider than what failed is ignored
    expect(sut.currentRange).toBe(60);
    expect(sut.refused(1)).toBe(false);
  });

  /** Drives the policy against a node that accepts at most `cap` blocks; returns the refusals. */
  const drive = (sut: LogRangePolicy, cap: number, requests: number): number => {
    let refusals = 0;
    for (let i = 0; i < requests; i++) {
      const span = sut.currentRange;
      if (span > cap) {
        refusals++;
        sut.refused(span);
      } else sut.succeeded(span, 0);
    }
    return refusals;
  };

  it('finds a provider cap with a few refusals and then stays under it', () => {
    const sut = new LogRangePolicy(options({ initialRange: 1_000, maxRange: 100_000 }));
    expect(drive(sut, 100, 14)).toBeLessThanOrEqual(6);
    expect(sut.currentRange).toBe(100);
    expect(drive(sut, 100, 10)).toBe(0);
  });

  it('grows back past a ceiling that no longer holds', () => {
    const sut = new LogRangePolicy(options({ initialRange: 1_000, maxRange: 100_000 }));
    drive(sut, 100, 30);
    // The logs thinned out: the node now takes 10× more; the forgotten ceiling lets the range follow.
    drive(sut, 1_000, 3 * CEILING_TTL);
    expect(sut.currentRange).toBeGreaterThan(500);
    expect(sut.currentRange).toBeLessThanOrEqual(1_000);
  });
});

describe('rangeRefusal', () => {
  it.each([
    'query returned more than 10000 results',
    'block range too large',
    'eth_getLogs block range is limited to 2000',
    'Log response size exceeded. this block range should work: [0x10, 0x1f]',
    'exceed maximum block range: 5000',
    'query timeout exceeded',
  ])('recognises "%s"', (message) => {
    expect(rangeRefusal(rpcError(-32000, message))).toBeDefined();
  });

  it('recognises -32005 limit exceeded and HTTP 413', () => {
    expect(rangeRefusal(new LimitExceededRpcError(rpcError(-32005, 'limit exceeded')))).toBeDefined();
    expect(
      rangeRefusal(new HttpRequestError({ url: 'http://node.invalid', status: 413, details: 'Payload Too Large' })),
    ).toBeDefined();
  });

  it('leaves rate limits, timeouts of the transport and other errors alone', () => {
    expect(
      rangeRefusal(new LimitExceededRpcError(rpcError(-32005, 'rate limit exceeded: 10 requests per second'))),
    ).toBeUndefined();
    expect(rangeRefusal(new HttpRequestError({ url: 'http://node.invalid', status: 429 }))).toBeUndefined();
    expect(rangeRefusal(rpcError(-32602, 'invalid argument 0: hex string without 0x prefix'))).toBeUndefined();
    expect(rangeRefusal(new Error('fetch failed'))).toBeUndefined();
  });

  it('scales the span by how far an answer went over the response-size cap', () => {
    const tooLarge = new ResponseBodyTooLargeError({ size: 100, maxSize: 10 });
    expect(rangeRefusal(new Error('outer', { cause: tooLarge }))?.ratio).toBeCloseTo(0.08);
  });

  it('carries the hint through the cause chain', () => {
    const wrapped = new Error('outer', { cause: rpcError(-32000, 'try with this block range [0x100, 0x1ff]') });
    expect(rangeRefusal(wrapped)).toEqual({ hint: 256 });
  });
});

describe('rangeHint', () => {
  it.each([
    ['this block range should work: [0x0, 0x7cf]', 2_000],
    ['You can make eth_getLogs requests with up to a 2K block range', 2_000],
    ['block range is limited to 3,000 blocks', 3_000],
    ['exceed maximum block range: 5000', 5_000],
    ['max is 500 blocks', 500],
    ['query returned more than 10000 results', undefined],
    ['block range too large', undefined],
  ])('reads "%s" as %s', (message, expected) => {
    expect(rangeHint(message)).toBe(expected);
  });
});
