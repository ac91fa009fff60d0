import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpRequestError } from 'viem';
import { RpcDeadlineExceededError } from './chain.errors';
import {
  createRpcTransport,
  defaultRetryPolicy,
  redactRpcUrl,
  withBoundedRetry,
  withDeadline,
  type RetryPolicy,
} from './rpc-transport';

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
    await expect(withBoundedRetry({ attempt, policy: policy(), attemptTimeoutMs: 10 })).rejects.toBeInstanceOf(
      HttpRequestError,
    );
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

describe('createRpcTransport observer', () => {
  let server: Server;
  let url: string;
  let bodies: unknown[];
  beforeAll(async () => {
    bodies = [];
    // A node that answers every call with 0x1, except eth_call, which fails as a bad request does.
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(text) as { id: number; method: string } | { id: number; method: string }[];
        bodies.push(body);
        const answer = (c: { id: number; method: string }) =>
          c.method === 'eth_call'
            ? { jsonrpc: '2.0', id: c.id, error: { code: -32602, message: 'invalid params' } }
            : { jsonrpc: '2.0', id: c.id, result: '0x1' };
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reports each call of a batch by its method, each failed call, and one timed HTTP request per batch', async () => {
    const calls: string[] = [];
    const failed: string[] = [];
    const requests: number[] = [];
    const observer = {
      call: (m: string) => calls.push(m),
      failed: (m: string) => failed.push(m),
      httpRequest: (s: number) => requests.push(s),
    };
    const sut = createRpcTransport({ urls: [url], timeoutMs: 2_000, observer })({});
    const results = await Promise.allSettled([
      sut.request({ method: 'eth_blockNumber' }),
      sut.request({ method: 'eth_chainId' }),
      sut.request({ method: 'eth_call', params: [{ to: '0x0000000000000000000000000000000000000001' }, 'latest'] }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(bodies).toHaveLength(1);
    expect(calls.sort()).toEqual(['eth_blockNumber', 'eth_call', 'eth_chainId']);
    expect(failed).toEqual(['eth_call']);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toBeGreaterThan(0);
    expect(requests[0]).toBeLessThan(2);
  });

  it('does not count a call its upstream bucket refused', async () => {
    const calls: string[] = [];
    const observer = { call: (m: string) => calls.push(m), failed: () => undefined, httpRequest: () => undefined };
    const refuse = async () => {
      throw new Error('bucket empty');
    };
    const sut = createRpcTransport({ urls: [url], timeoutMs: 2_000, observer, beforeRequest: refuse })({});
    await expect(sut.request({ method: 'eth_blockNumber' })).rejects.toThrow('bucket empty');
    expect(calls).toEqual([]);
  });
});
