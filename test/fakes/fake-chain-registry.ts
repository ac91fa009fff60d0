import { ChainContext, ChainDescription, ChainIdentity, ChainRegistry } from '../../src/chain/chain-registry';
import type { ChainKey } from '../../src/config/app-config';

/**
 * ChainRegistry is a concrete class (no port): this fake answers `describe()` and `identity()` with the
 * chains a test configures (each named by its key), and `get()` with the contexts it is given (a test's
 * stub client); any other chain is not configured, as in the real registry.
 */
export class FakeChainRegistry extends ChainRegistry {
  constructor(
    private readonly configured: Array<{ key: ChainKey; chainId: number }>,
    private readonly stubs: Partial<Record<ChainKey, ChainContext>> = {},
  ) {
    super({ config: { rpcUrls: {}, rpcTimeoutMs: 1_000 } });
  }

  override get(key: ChainKey): ChainContext {
    return this.stubs[key] ?? super.get(key);
  }

  override identity(key: ChainKey): ChainIdentity {
    const chain = this.configured.find((c) => c.key === key);
    return chain ? { chainId: chain.chainId, name: key } : super.identity(key);
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
