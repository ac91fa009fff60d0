import { ChainDescription, ChainRegistry } from '../../src/chain/chain-registry';
import type { ChainKey } from '../../src/config/app-config';

/**
 * ChainRegistry is a concrete class (no port): this fake only answers `describe()`, the one method
 * the wallet-proof service reads, with the chains a test configures. `get()` still throws: no RPC.
 */
export class FakeChainRegistry extends ChainRegistry {
  constructor(private readonly configured: Array<{ key: ChainKey; chainId: number }>) {
    super({ config: { rpcUrls: {}, rpcTimeoutMs: 1_000 } });
  }

  override describe(): ChainDescription[] {
    return this.configured.map(({ key, chainId }) => ({
      key,
      name: key,
      chainId,
      configured: true,
      source: 'rpc',
      servedByDevnet: false,
      endpoints: [],
    }));
  }
}
