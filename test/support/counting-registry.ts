import { createPublicClient, http, type PublicClient } from 'viem';
import { ChainRegistry, type ChainContext } from '../../src/chain/chain-registry';
import type { ChainKey } from '../../src/config/app-config';

/** A registry whose devnet client counts HTTP requests (a JSON-RPC batch or a multicall is one). */
export class CountingRegistry extends ChainRegistry {
  requests = 0;
  private counted?: ChainContext;

  override get(key: ChainKey): ChainContext {
    const base = super.get(key);
    const client = createPublicClient({
      chain: base.client.chain,
      batch: { multicall: true },
      transport: http(process.env.TEST_DEVNET_RPC_URL!, { batch: true, onFetchRequest: () => void this.requests++ }),
    }) as PublicClient;
    this.counted ??= { ...base, client, stateOverrideClient: client };
    return this.counted;
  }
}
