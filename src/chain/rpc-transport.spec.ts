import { HttpRequestError } from 'viem';
import { RpcDeadlineExceededError } from './chain.errors';
import { createRpcTransport, defaultRetryPolicy, redactRpcUrl, withBoundedRetry, withDeadline, type RetryPolicy } from './rpc-transport';

const policy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({
  retryCount: 2,
  retryDelayMs: 1,
  deadlineMs: 10_000,
  ...overrides,
});
const networkError = () => new HttpRequestError({ url: 'http://node.example/KEY' });

/** An attempt that fails with the given errors in turn, then succeeds. */
function flaky(errors: Error[]) {
  const attempt = jest.fn(async () => {
    const err = errors.shift();
    if (err) throw err;
    return 'ok';
  });
  return attempt;
}

describe('redactRpcUrl', () => {
  it.each([
    ['https://eth-mainnet.g.alchemy.com/v2/abcdef123', 'https://eth-mainnet.g.alchemy.com'],
    ['https://rpc.example.com:8443/path?apikey=SECRET', 'https://rpc.example.com:8443'],
    ['https://user:pass@rpc.example.com/', 'https://rpc.example.com'],
    ['wss://mainnet.infura.io/ws/v3/KEY', 'wss://mainnet.infura.io'],
    ['http://127.0.0.1:8545', 'http://127.0.0.1:8545'],
    ['not a url SECRET', '(invalid url)'],
  ])('%s → %s', (url, expected) => {
    expect(redactRpcUrl(url)).toBe(expected);
  });
});

describe('withBoundedRetry', () => {
  it('retries network failures and then succeeds', async () => {
    const attempt = flaky([networkError(), networkError()]);
    await expect(withBoundedRetry({ attempt, policy: policy(), attemptTimeoutMs: 10 })).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('gives up after retryCount retries', async () => {
    const attempt = flaky([networkError(), networkError(), networkError()]);
    await expect(withBoundedRetry({ attempt, policy: policy(), attemptTimeoutMs: 10 })).rejects.toBeInstanceOf(HttpRequestError);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry what a retry cannot fix (a 403, a revert, a bug)', async () => {
    for (const err of [new HttpRequestError({ url: 'http://x', status: 403 }), new Error('execution reverted')]) {
      const attempt = flaky([err]);
      await expect(withBoundedRetry({ attempt, policy: policy(), attemptTimeoutMs: 10 })).rejects.toBe(err);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
  });

  it('does not start a retry that could not finish before the deadline', async () => {
    const attempt = flaky([networkError(), networkError()]);
    const sut = withBoundedRetry({ attempt, policy: policy({ deadlineMs: 100 }), attemptTimeoutMs: 100 });
    await expect(sut).rejects.toBeInstanceOf(HttpRequestError);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('backs off exponentially', async () => {
    const attempt = flaky([networkError(), networkError()]);
    const startedAt = Date.now();
    await withBoundedRetry({ attempt, policy: policy({ retryDelayMs: 40 }), attemptTimeoutMs: 10 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(40 + 80 - 5);
  });
});

describe('withDeadline', () => {
  it('rejects a request still pending at the deadline', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withDeadline(never, 20)).rejects.toBeInstanceOf(RpcDeadlineExceededError);
  });

  it('passes a timely result through', async () => {
    await expect(withDeadline(Promise.resolve(7), 1_000)).resolves.toBe(7);
  });
});

describe('defaultRetryPolicy', () => {
  it('bounds one request to 2.5 × the timeout', () => {
    expect(defaultRetryPolicy(10_000)).toEqual({ retryCount: 2, retryDelayMs: 150, deadlineMs: 25_000 });
  });
});

describe('createRpcTransport', () => {
  it('refuses an empty URL list', () => {
    expect(() => createRpcTransport({ urls: [], timeoutMs: 1_000 })).toThrow(/at least one URL/);
  });

  it('turns viem retries off and exposes the fallback endpoints', () => {
    const sut = createRpcTransport({ urls: ['http://127.0.0.1:1', 'http://127.0.0.1:2'], timeoutMs: 1_000 })({});
    expect(sut.config.retryCount).toBe(0);
    expect((sut.value as { transports: unknown[] }).transports).toHaveLength(2);
  });
});
