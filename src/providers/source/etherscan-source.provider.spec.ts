import { expectUnavailable, FakeFetch, jsonAnswer as json } from '../../../test/fakes';
import { EtherscanSourceProvider } from './etherscan-source.provider';

const KEY = 'SECRET-KEY-123';
const ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

function build(answer: () => Promise<Response>, options: { apiKey?: string } = { apiKey: KEY }) {
  const fake = new FakeFetch(answer);
  const sut = new EtherscanSourceProvider({
    baseUrl: 'https://api.example.org/v2/api',
    apiKey: options.apiKey,
    fetchFn: fake.fn,
  });
  return { sut, fake };
}

const failure = (promise: Promise<unknown>) => expectUnavailable(promise, KEY);

describe('EtherscanSourceProvider', () => {
  it('reports a verified contract with its compiler, name and NatSpec', async () => {
    const source = '/// @title Tether\n/// @notice A stablecoin.\ncontract TetherToken {\n}';
    const { sut, fake } = build(
      json({
        status: '1',
        message: 'OK',
        result: [{ SourceCode: source, ContractName: 'TetherToken', CompilerVersion: 'v0.4.18+commit.9cf6e910' }],
      }),
    );

    await expect(sut.verify('eth', ADDRESS)).resolves.toEqual({
      verified: true,
      provider: 'etherscan',
      source: { compiler: 'v0.4.18+commit.9cf6e910', contractName: 'TetherToken', comments: 'Tether A stablecoin.' },
    });
    const url = new URL(fake.calls[0].url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      chainid: '1',
      module: 'contract',
      action: 'getsourcecode',
      address: ADDRESS,
      apikey: KEY,
    });
  });

  it('reads multi-file JSON sources (wrapped in double braces)', async () => {
    const files = { sources: { 'a.sol': { content: '/// @notice Proxy token.\ncontract P {}' } } };
    const { sut } = build(
      json({
        status: '1',
        result: [{ SourceCode: `{${JSON.stringify(files)}}`, ContractName: 'P', CompilerVersion: 'v0.8.20' }],
      }),
    );
    expect((await sut.verify('base', ADDRESS)).source?.comments).toBe('Proxy token.');
  });

  it('reports an unverified contract as false', async () => {
    const { sut } = build(
      json({ status: '1', result: [{ SourceCode: '', ABI: 'Contract source code not verified', ContractName: '' }] }),
    );
    await expect(sut.verify('bsc', ADDRESS)).resolves.toEqual({ verified: false, provider: 'etherscan' });
  });

  it("reads a contract's creator, transaction and block (getcontractcreation)", async () => {
    const creator = '0x36928500bc1dcd7af6a2b4008875cc336b927d57';
    const txHash = `0x${'2f'.repeat(32)}`;
    const { sut, fake } = build(
      json({
        status: '1',
        message: 'OK',
        result: [{ contractAddress: ADDRESS.toLowerCase(), contractCreator: creator, txHash, blockNumber: '4634748' }],
      }),
    );
    await expect(sut.creation('eth', ADDRESS)).resolves.toEqual({
      creator: '0x36928500Bc1dCd7af6a2B4008875CC336b927D57',
      transaction: txHash,
      block: 4634748,
    });
    const url = new URL(fake.calls[0].url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      module: 'contract',
      action: 'getcontractcreation',
      contractaddresses: ADDRESS,
    });
  });

  it('answers an unknown creator as null: no key (asking nothing), or no data for the address', async () => {
    const noKey = build(json({}), {});
    await expect(noKey.sut.creation('eth', ADDRESS)).resolves.toBeNull();
    expect(noKey.fake.calls).toHaveLength(0);
    await expect(
      build(json({ status: '0', message: 'No data found', result: null })).sut.creation('eth', ADDRESS),
    ).resolves.toBeNull();
    await failure(
      build(json({ status: '0', message: 'NOTOK', result: 'Max rate limit reached' })).sut.creation('eth', ADDRESS),
    );
  });

  it('answers unknown without a key and asks nothing', async () => {
    const { sut, fake } = build(json({}), {});
    await expect(sut.verify('eth', ADDRESS)).resolves.toEqual({ verified: null, provider: 'etherscan' });
    await expect(sut.healthCheck()).resolves.toEqual({ status: 'not_configured', provider: 'etherscan' });
    expect(fake.calls).toHaveLength(0);
  });

  it('turns HTTP errors, rate limits and key rejections into ProviderUnavailableError without the key', async () => {
    await failure(build(json({}, 502)).sut.verify('eth', ADDRESS));
    expect((await failure(build(json({}, 429)).sut.verify('eth', ADDRESS))).retryAfter).toBe(1);
    const limited = await failure(
      build(json({ status: '0', message: 'NOTOK', result: 'Max rate limit reached' })).sut.verify('eth', ADDRESS),
    );
    expect(limited.message).toMatch(/rate-limiting/);
    const rejected = await failure(
      build(json({ status: '0', message: 'NOTOK', result: `Invalid API Key (${KEY})` })).sut.verify('eth', ADDRESS),
    );
    expect(rejected.message).toMatch(/API key/);
  });

  it('drops network errors, whose text carries the URL and so the key', async () => {
    const { sut } = build(async () => {
      throw new TypeError(`fetch failed for https://api.example.org/v2/api?apikey=${KEY}`);
    });
    const error = await failure(sut.verify('eth', ADDRESS));
    expect(error.message).toBe('etherscan is unavailable: it could not be reached');
    expect(error.cause).toBeUndefined();
  });

  it('passes a timeout signal to every request', async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    const sut = new EtherscanSourceProvider({
      baseUrl: 'https://api.example.org/v2/api',
      apiKey: KEY,
      fetchFn: async (_input, init) => {
        signals.push(init?.signal);
        return new Response(JSON.stringify({ status: '1', result: [{ SourceCode: '' }] }));
      },
    });
    await sut.verify('eth', ADDRESS);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
  });
});
