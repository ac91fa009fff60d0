import { ChainRegistry } from '../../chain/chain-registry';
import { devnetChainFacts } from '../../../test/factories';
import { UnknownSymbolError } from '../platform.errors';
import { PlatformRepository, type KnownTokenRow } from '../platform.repository';
import { TokenResolver } from './token-resolver';

const devnetFacts = devnetChainFacts({
  contracts: { ServiceToken: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' },
  tokens: { honeypot: { address: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707', symbol: 'HONEY', name: 'Honey Pot' } },
});

/** Nothing analysed yet: only the chain's own list can answer. */
class NoAnalysedTokens extends PlatformRepository {
  constructor() {
    super(undefined as never);
  }

  override async tokensBySymbol(): Promise<KnownTokenRow[]> {
    return [];
  }
}

function resolver(rpcUrls: Record<string, string[]> = {}): TokenResolver {
  const chains = new ChainRegistry({
    config: { rpcUrls, rpcTimeoutMs: 1_000, devnetRpcUrl: 'http://127.0.0.1:8545' },
    devnetFacts,
  });
  return new TokenResolver(chains, new NoAnalysedTokens());
}

describe('TokenResolver', () => {
  it("lists the devnet's quote tokens, then its world's tokens and the service token", () => {
    expect(
      resolver()
        .listed('devnet')
        .map((t) => [t.symbol, t.source]),
    ).toEqual([
      ['WETH', 'chain_facts'],
      ['USDC', 'chain_facts'],
      ['HONEY', 'token_list'],
      ['SNTL', 'token_list'],
    ]);
  });

  it('resolves a world token by symbol, in any case', async () => {
    await expect(resolver().resolve('eth', 'honey')).resolves.toEqual({
      address: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
      symbol: 'HONEY',
    });
  });

  it("lists only a real chain's quote tokens: the devnet's world is not mainnet's", async () => {
    const sut = resolver({ eth: ['https://eth.example'] });
    expect(sut.listed('eth').map((t) => t.symbol)).toEqual(['WETH', 'USDC', 'USDT']);
    await expect(sut.resolve('eth', 'SNTL')).rejects.toThrow(UnknownSymbolError);
  });
});
