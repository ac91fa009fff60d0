import { ChainRegistry } from '../../chain/chain-registry';
import type { DevnetChainFacts } from '../../chain/devnet-facts';
import { ChainRoutedSocialProvider } from './chain-routed-social.provider';
import { SocialProvider } from './social-provider';
import type { SocialData, SocialProviderHealth, SocialQuery } from './social.types';
import { XSocialProvider } from './x-social.provider';

const DATA = (source: 'devnet' | 'x'): SocialData => ({
  source,
  asOf: '2026-01-01T00:00:00.000Z',
  posts: [],
  links: {},
});

class FakeDevnet extends SocialProvider {
  readonly asked: SocialQuery[] = [];
  async posts(query: SocialQuery) {
    this.asked.push(query);
    return DATA('devnet');
  }
  async healthCheck(): Promise<SocialProviderHealth> {
    return { status: 'operational', provider: 'devnet' };
  }
}

class FakeX extends XSocialProvider {
  readonly asked: SocialQuery[] = [];
  override async posts(query: SocialQuery) {
    this.asked.push(query);
    return DATA('x');
  }
}

const FACTS: DevnetChainFacts = {
  chainId: 31337,
  wrappedNative: { symbol: 'WETH', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18 },
  stablecoins: [],
  dexes: [],
  v3Dexes: [],
  solidlyDexes: [],
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
};

function build(options: { bearerToken?: string; devnet?: boolean } = {}) {
  const chains = new ChainRegistry({
    config: { rpcUrls: { base: ['http://127.0.0.1:9'] }, rpcTimeoutMs: 1_000, devnetRpcUrl: 'http://127.0.0.1:9' },
    devnetFacts: FACTS,
  });
  const devnet = new FakeDevnet();
  const x = new FakeX({ baseUrl: 'https://api.x.example', bearerToken: options.bearerToken });
  const sut = new ChainRoutedSocialProvider({ chains, devnet: options.devnet === false ? undefined : devnet, x });
  return { sut, devnet, x, chains };
}

const query = (chain: SocialQuery['chain'], apiKey?: string): SocialQuery => ({
  chain,
  address: '0x0000000000000000000000000000000000000001',
  symbol: 'T',
  name: 'T',
  apiKey,
});

describe('ChainRoutedSocialProvider', () => {
  it('serves devnet-served chains from the devnet, even with a key', async () => {
    const { sut, devnet, x, chains } = build({ bearerToken: 'T' });
    expect((await sut.posts(query('eth', 'K')))?.source).toBe('devnet');
    expect((await sut.posts(query('devnet')))?.source).toBe('devnet');
    expect(devnet.asked).toHaveLength(2);
    expect(x.asked).toHaveLength(0);
    chains.close();
  });

  it('asks X for other chains when a token or the caller key is at hand, else has no data', async () => {
    const withToken = build({ bearerToken: 'T' });
    expect((await withToken.sut.posts(query('base')))?.source).toBe('x');
    const noToken = build();
    await expect(noToken.sut.posts(query('bsc'))).resolves.toBeNull();
    expect(noToken.x.asked).toHaveLength(0);
    expect((await noToken.sut.posts(query('bsc', 'CALLER')))?.source).toBe('x');
    withToken.chains.close();
    noToken.chains.close();
  });

  it('has no data for devnet-served chains when the devnet adapter is absent', async () => {
    const { sut, x, chains } = build({ bearerToken: 'T', devnet: false });
    await expect(sut.posts(query('eth'))).resolves.toBeNull();
    expect(x.asked).toHaveLength(0);
    await expect(sut.healthCheck()).resolves.toEqual({ status: 'operational', provider: 'x' });
    chains.close();
  });
});
