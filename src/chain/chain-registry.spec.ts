import { AppConfig } from '../config/app-config';
import { ChainRegistry, type ChainRegistryOptions } from './chain-registry';
import { ChainNotConfiguredError } from './chain.errors';
import { devnetChainFacts } from '../../test/factories';

const DEVNET_URL = 'http://127.0.0.1:8545';
const devnetFacts = devnetChainFacts();

function registry(config: Partial<AppConfig> = {}, extra: Partial<ChainRegistryOptions> = {}): ChainRegistry {
  return new ChainRegistry({
    config: { rpcUrls: {}, rpcTimeoutMs: 1_000, ...config },
    devnetFacts: config.devnetRpcUrl ? devnetFacts : undefined,
    ...extra,
  });
}

describe('ChainRegistry', () => {
  it('serves eth and devnet from the devnet when only the devnet runs', () => {
    const sut = registry({ devnetRpcUrl: DEVNET_URL });
    const eth = sut.get('eth');
    expect(eth).toMatchObject({ key: 'eth', source: 'devnet', servedByDevnet: true });
    expect(eth.facts).toMatchObject({ key: 'eth', name: 'Local devnet', chainId: 31337 });
    expect(eth.facts.wrappedNative.address).toBe(devnetFacts.wrappedNative.address);
    expect(eth.facts.dexes[0].router).toBe(devnetFacts.dexes[0].router);
    expect(eth.client.chain?.id).toBe(31337);
    expect(sut.get('devnet')).toMatchObject({ key: 'devnet', source: 'devnet', facts: { chainId: 31337 } });
    expect(sut.configuredKeys()).toEqual(['eth', 'devnet']);
  });

  it('gives the devnet one identity under both keys: 31337, Local devnet', () => {
    const sut = registry({ devnetRpcUrl: DEVNET_URL });
    expect([sut.identity('eth'), sut.identity('devnet')]).toEqual([
      { chainId: 31337, name: 'Local devnet' },
      { chainId: 31337, name: 'Local devnet' },
    ]);
  });

  it('names eth Ethereum, chain 1, when a mainnet node serves it, the devnet running or not', () => {
    const withDevnet = registry({ devnetRpcUrl: DEVNET_URL, rpcUrls: { eth: ['https://eth.example/KEY'] } });
    expect(withDevnet.identity('eth')).toEqual({ chainId: 1, name: 'Ethereum' });
    expect(withDevnet.get('eth').facts).toMatchObject({ name: 'Ethereum', chainId: 1 });
    expect(withDevnet.identity('devnet')).toEqual({ chainId: 31337, name: 'Local devnet' });
    expect(registry({ rpcUrls: { eth: ['https://eth.example/KEY'] } }).identity('eth')).toEqual({
      chainId: 1,
      name: 'Ethereum',
    });
  });

  it("names a chain not configured by the chain table's id and name", () => {
    const sut = registry();
    expect([sut.identity('bsc'), sut.identity('eth'), sut.identity('devnet')]).toEqual([
      { chainId: 56, name: 'BNB Smart Chain' },
      { chainId: 1, name: 'Ethereum' },
      { chainId: 31337, name: 'Local devnet' },
    ]);
  });

  it('keeps eth on mainnet when ETH_RPC_URL is set, even with the devnet running', () => {
    const sut = registry({ devnetRpcUrl: DEVNET_URL, rpcUrls: { eth: ['https://eth.example/KEY'] } });
    expect(sut.get('eth')).toMatchObject({ source: 'rpc', servedByDevnet: false, facts: { chainId: 1 } });
    expect(sut.get('eth').facts.wrappedNative.symbol).toBe('WETH');
    expect(sut.get('eth').client.chain?.contracts?.multicall3?.address).toBe(
      '0xcA11bde05977b3631167028862bE2a173976CA11',
    );
    expect(sut.get('devnet').servedByDevnet).toBe(true);
  });

  it('uses explicit URLs with mainnet facts', () => {
    const sut = registry({ rpcUrls: { bsc: ['https://bsc.example/KEY'] } });
    expect(sut.get('bsc')).toMatchObject({
      key: 'bsc',
      source: 'rpc',
      facts: { chainId: 56, name: 'BNB Smart Chain' },
    });
    expect(sut.get('bsc').client.chain?.id).toBe(56);
  });

  it('throws ChainNotConfiguredError naming the variable to set', () => {
    const sut = registry({ rpcUrls: { bsc: ['https://bsc.example'] } });
    expect(() => sut.get('polygon')).toThrow(new ChainNotConfiguredError('polygon', 'POLYGON_RPC_URL'));
    expect(() => sut.get('eth')).toThrow('Chain eth is not configured: set ETH_RPC_URL');
    expect(() => sut.get('devnet')).toThrow(ChainNotConfiguredError);
  });

  it('creates one client per chain, lazily, and reuses it', () => {
    const sut = registry({ devnetRpcUrl: DEVNET_URL, rpcUrls: { base: ['https://base.example'] } });
    expect(sut.get('base').client).toBe(sut.get('base').client);
    expect(sut.get('eth').client).not.toBe(sut.get('base').client);
  });

  it('refuses a running devnet without its facts', () => {
    expect(() => new ChainRegistry({ config: { rpcUrls: {}, rpcTimeoutMs: 1_000, devnetRpcUrl: DEVNET_URL } })).toThrow(
      /no devnet facts/,
    );
  });

  it('describes every chain without leaking paths or keys', () => {
    const sut = registry({
      devnetRpcUrl: DEVNET_URL,
      rpcUrls: { arbitrum: ['https://arb-mainnet.g.alchemy.com/v2/SECRET', 'wss://arb.example:8546/ws?key=SECRET'] },
    });
    const described = sut.describe();
    expect(JSON.stringify(described)).not.toContain('SECRET');
    expect(described.map((d) => d.key)).toEqual(['eth', 'bsc', 'polygon', 'arbitrum', 'optimism', 'base', 'devnet']);
    expect(described.find((d) => d.key === 'arbitrum')).toEqual({
      key: 'arbitrum',
      name: 'Arbitrum One',
      chainId: 42161,
      configured: true,
      source: 'rpc',
      servedByDevnet: false,
      endpoints: ['https://arb-mainnet.g.alchemy.com', 'wss://arb.example:8546'],
      envVar: 'ARBITRUM_RPC_URL',
    });
    expect(described.find((d) => d.key === 'eth')).toMatchObject({
      name: 'Local devnet',
      chainId: 31337,
      servedByDevnet: true,
      endpoints: [DEVNET_URL],
    });
    expect(described.find((d) => d.key === 'bsc')).toMatchObject({ configured: false, chainId: 56, endpoints: [] });
  });

  it('reports an unconfigured chain as not_configured in a health check', async () => {
    await expect(registry().healthCheck('optimism')).resolves.toEqual({ status: 'not_configured' });
  });
});
