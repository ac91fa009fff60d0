import { ChainRegistry } from '../../chain/chain-registry';
import { devnetFactsFromManifest, type DevnetManifestLike } from '../../chain/devnet-facts';
import { Clock } from '../../common/clock';
import type { PlatformOptions } from '../platform.options';
import { StakeReader } from './stake-reader';
import { devnetManifest } from '../../../test/factories';

const DEVNET_VAULT = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
const DEVNET_TOKEN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const CONFIGURED_VAULT = '0x1111111111111111111111111111111111111111';
const CONFIGURED_TOKEN = '0x2222222222222222222222222222222222222222';

class FixedClock extends Clock {
  now(): Date {
    return new Date('2026-01-01T00:00:00Z');
  }
}

const manifest = (contracts: Record<string, string> = {}): DevnetManifestLike => devnetManifest({ contracts });

function reader(input: { devnet?: DevnetManifestLike; ethRpc?: string; options?: PlatformOptions }): StakeReader {
  const chains = new ChainRegistry({
    config: {
      rpcUrls: input.ethRpc ? { eth: [input.ethRpc] } : {},
      rpcTimeoutMs: 1_000,
      devnetRpcUrl: input.devnet ? 'http://127.0.0.1:8545' : undefined,
    },
    devnetFacts: input.devnet && devnetFactsFromManifest(input.devnet),
  });
  return new StakeReader(chains, new FixedClock(), input.options ?? {});
}

const configured: PlatformOptions = { stakingVault: CONFIGURED_VAULT, serviceToken: CONFIGURED_TOKEN };

describe('StakeReader.source', () => {
  it("reads the devnet's own vault and service token where the devnet serves the staking chain, over configured ones", () => {
    const sut = reader({
      devnet: manifest({ StakingVault: DEVNET_VAULT, ServiceToken: DEVNET_TOKEN }),
      options: configured,
    });
    expect(sut.source()).toEqual({
      chain: 'eth',
      chainId: 31337,
      vault: DEVNET_VAULT,
      token: DEVNET_TOKEN,
      decimals: 18,
    });
  });

  it('reads the configured vault on a real chain', () => {
    const sut = reader({ ethRpc: 'https://eth.example', options: { ...configured, serviceTokenDecimals: 9 } });
    expect(sut.source()).toEqual({
      chain: 'eth',
      chainId: 1,
      vault: CONFIGURED_VAULT,
      token: CONFIGURED_TOKEN,
      decimals: 9,
    });
  });

  it('knows no vault on a devnet whose manifest has none, even with one configured (every key is Free)', () => {
    expect(reader({ devnet: manifest(), options: configured }).source()).toBeNull();
  });
});
