import { Module, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../common/metrics/metrics.service';
import { UpstreamGate } from '../common/upstream-gate';
import { ChainRegistry } from './chain-registry';
import { loadDevnetFacts, type DevnetChainFacts } from './devnet-facts';

/**
 * Optional override of the devnet facts (tests, or a devnet module that already holds the
 * manifest); without it they are read from devnet/manifest.json when the devnet runs.
 */
export const DEVNET_CHAIN_FACTS = Symbol('DEVNET_CHAIN_FACTS');

@Module({
  providers: [
    {
      provide: ChainRegistry,
      inject: [
        AppConfig,
        { token: DEVNET_CHAIN_FACTS, optional: true },
        { token: UpstreamGate, optional: true },
        { token: MetricsService, optional: true },
      ],
      useFactory: (
        config: AppConfig,
        devnetFacts?: DevnetChainFacts,
        upstreams?: UpstreamGate,
        metrics?: MetricsService,
      ) =>
        new ChainRegistry({
          config,
          devnetFacts: devnetFacts ?? (config.devnetRpcUrl ? loadDevnetFacts() : undefined),
          // Every JSON-RPC call is counted, and refused when its chain's bucket is empty.
          beforeRequest: upstreams ? (chain) => upstreams.take('chain_rpc', 1, chain) : undefined,
          metrics,
        }),
    },
  ],
  exports: [ChainRegistry],
})
export class ChainModule implements OnModuleDestroy {
  constructor(private readonly registry: ChainRegistry) {}

  onModuleDestroy(): void {
    this.registry.close();
  }
}
