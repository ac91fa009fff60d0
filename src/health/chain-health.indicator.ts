import { Injectable } from '@nestjs/common';
import { ChainRegistry } from '../chain/chain-registry';

export type UpstreamStatus = 'operational' | 'degraded' | 'unavailable' | 'not_configured';

export interface ChainHealth {
  status: UpstreamStatus;
  /** Per configured chain, e.g. `operational (local devnet)`, `operational, no Multicall3 (batched reads deployless)` or `unavailable`. */
  details: Record<string, string>;
}

/** Reachability of the configured chains: every analyzer reads its facts from them. */
@Injectable()
export class ChainHealthIndicator {
  constructor(private readonly registry: ChainRegistry) {}

  async check(): Promise<ChainHealth> {
    const chains = this.registry.describe().filter((c) => c.configured);
    if (chains.length === 0) return { status: 'not_configured', details: {} };
    const results = await Promise.all(chains.map((c) => this.registry.healthCheck(c.key)));
    const details: Record<string, string> = {};
    chains.forEach((c, i) => {
      const status = c.servedByDevnet ? `${results[i].status} (local devnet)` : results[i].status;
      // A chain without Multicall3 still serves every read: batched ones carry its code (see ChainRegistry.ready).
      details[c.key] =
        results[i].multicall3 === 'deployless' ? `${status}, no Multicall3 (batched reads deployless)` : status;
    });
    const up = results.filter((r) => r.status === 'operational').length;
    return { status: up === results.length ? 'operational' : up > 0 ? 'degraded' : 'unavailable', details };
  }
}
