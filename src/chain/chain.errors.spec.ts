import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InternalRpcError,
  LimitExceededRpcError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
  parseAbi,
} from 'viem';
import {
  ChainNotConfiguredError,
  ChainUnavailableError,
  RpcDeadlineExceededError,
  throwIfTransportFailed,
  toChainError,
  withChainErrors,
} from './chain.errors';

const SECRET_URL = 'https://eth-mainnet.example.com/v2/SECRET-KEY?token=SECRET';
const abi = parseAbi(['function name() view returns (string)']);

const http = (status?: number) => new HttpRequestError({ url: SECRET_URL, status, body: { method: 'eth_call' } });
const rpc = (params: { code: number; message?: string; status?: number }) =>
  new RpcRequestError({
    url: SECRET_URL,
    body: { method: 'eth_call' },
    error: { code: params.code, message: params.message ?? 'boom' },
    status: params.status,
  });
const fetchFailed = (code: string) =>
  Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
const inContractCall = (cause: BaseError) =>
  new ContractFunctionExecutionError(cause, {
    abi,
    functionName: 'name',
    contractAddress: '0x0000000000000000000000000000000000000001',
  });

describe('toChainError', () => {
  it.each([
    ['a network failure', http(), 'network'],
    ['a 503', http(503), 'server_error'],
    ['a 429', http(429), 'rate_limited'],
    ['a timeout', new TimeoutError({ url: SECRET_URL, body: {} }), 'timeout'],
    ['a JSON-RPC error in a 502 answer', rpc({ code: -32000, status: 502 }), 'server_error'],
    ['a JSON-RPC 429 code', rpc({ code: 429 }), 'rate_limited'],
    [
      'a -32005 rate limit',
      new LimitExceededRpcError(rpc({ code: -32005, message: 'rate limit exceeded' })),
      'rate_limited',
    ],
    ['a WebSocket failure', new WebSocketRequestError({ url: 'wss://x.example/KEY', body: {} }), 'network'],
    ['a closed socket', new SocketClosedError({ url: 'wss://x.example/KEY' }), 'network'],
    ['a refused connection from fetch', fetchFailed('ECONNREFUSED'), 'network'],
    ['a bare ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'network'],
    ['a transport failure inside a contract call', inContractCall(http()), 'network'],
    ['our own deadline', new RpcDeadlineExceededError(25_000), 'timeout'],
  ])('maps %s to a retryable ChainUnavailableError', (_label, err, reason) => {
    const sut = toChainError(err, 'bsc');
    expect(sut).toBeInstanceOf(ChainUnavailableError);
    expect(sut).toMatchObject({ chain: 'bsc', reason, retryable: true });
  });

  it('maps a 401/403 from the node to a non-retryable ChainUnavailableError', () => {
    expect(toChainError(http(403), 'eth')).toMatchObject({ reason: 'rejected', retryable: false, status: 403 });
  });

  it('says the node is unreachable without leaking the URL or its key', () => {
    const sut = toChainError(http(503), 'eth') as ChainUnavailableError;
    expect(sut.message).toBe('Chain eth is unavailable: its RPC node is unreachable (it answered with a server error)');
    expect(JSON.stringify({ ...sut, message: sut.message, stack: sut.stack })).not.toMatch(/SECRET|example\.com/);
    expect(sut.cause).toBeUndefined();
  });

  it.each([
    ['a revert', inContractCall(new ContractFunctionRevertedError({ abi, functionName: 'name', message: 'nope' }))],
    ['an execution-reverted JSON-RPC error', rpc({ code: 3, message: 'execution reverted' })],
    ['invalid params', rpc({ code: -32602, message: 'invalid params' })],
    ['an internal error in a 200 answer', new InternalRpcError(rpc({ code: -32603 }))],
    [
      '"too many results" sharing the rate-limit code',
      rpc({ code: -32005, message: 'query returned more than 10000 results' }),
    ],
    ['a JSON-RPC error in a 400 answer', rpc({ code: -32600, status: 400 })],
    ['a plain bug', new TypeError('x is undefined')],
  ])('leaves %s alone', (_label, err) => {
    expect(toChainError(err, 'eth')).toBe(err);
  });

  it('passes chain errors through unchanged', () => {
    const notConfigured = new ChainNotConfiguredError('bsc', 'BSC_RPC_URL');
    const unavailable = new ChainUnavailableError('eth');
    expect(toChainError(notConfigured, 'eth')).toBe(notConfigured);
    expect(toChainError(unavailable, 'bsc')).toBe(unavailable);
  });
});

describe('ChainNotConfiguredError', () => {
  it('names the variable to set', () => {
    expect(new ChainNotConfiguredError('bsc', 'BSC_RPC_URL').message).toBe(
      'Chain bsc is not configured: set BSC_RPC_URL',
    );
  });

  it('explains when the devnet is what is missing', () => {
    expect(new ChainNotConfiguredError('devnet').message).toMatch(/devnet runs only when ETH_RPC_URL is unset/);
  });
});

describe('withChainErrors', () => {
  it('returns the value of a successful call', async () => {
    await expect(withChainErrors('eth', async () => 42)).resolves.toBe(42);
  });

  it('rethrows transport failures as ChainUnavailableError and others unchanged', async () => {
    await expect(withChainErrors('base', () => Promise.reject(http()))).rejects.toMatchObject({
      name: 'ChainUnavailableError',
      chain: 'base',
    });
    const bug = new RangeError('bug');
    await expect(withChainErrors('base', () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe('throwIfTransportFailed', () => {
  it('throws when a multicall result failed because the node is down', () => {
    const results = [
      { status: 'success', result: 'x' },
      { status: 'failure', error: inContractCall(http()) },
    ];
    expect(() => throwIfTransportFailed('eth', results)).toThrow(ChainUnavailableError);
  });

  it("returns results whose failures are the contracts' own", () => {
    const results = [
      { status: 'failure', error: inContractCall(new ContractFunctionRevertedError({ abi, functionName: 'name' })) },
    ];
    expect(throwIfTransportFailed('eth', results)).toBe(results);
  });
});
