import { DEVNET_CHAIN_ID } from './chain-ids';
import { createPublicClient, defineChain, hexToNumber, type Chain, type PublicClient } from 'viem';
import { AppConfig, CHAIN_KEYS, type ChainKey } from '../config/app-config';
import { MAINNET_CHAIN_FACTS, type ChainFacts } from './chain-facts';
import { ChainNotConfiguredError } from './chain.errors';
import { chainFactsFromDevnet, DEVNET_CHAIN_NAME, type DevnetChainFacts } from './devnet-facts';
import type { MetricsService } from '../common/metrics/metrics.service';
import {
  closeSocketClients,
  createRpcTransport,
  redactRpcUrl,
  STATE_OVERRIDE_BATCH_CALLS,
  withDeadline,
  type RpcObserver,
} from './rpc-transport';

export type ChainSource = 'rpc' | 'devnet';

export interface ChainContext {
  key: ChainKey;
  facts: ChainFacts;
  client: PublicClient;
  /**
   * For eth_calls that carry contract code in a state override (simulations): the same endpoints in
   * small batches, so a burst of them stays under request-size limits. `client` when absent.
   */
  stateOverrideClient?: PublicClient;
  source: ChainSource;
  /** True when the chain is answered by the embedded devnet (so `eth` is not mainnet). */
  servedByDevnet: boolean;
}

/** A chain's id and long name as this service serves it: what every answer about the chain names. */
export interface ChainIdentity {
  chainId: number;
  name: string;
}

export interface ChainDescription extends ChainIdentity {
  key: ChainKey;
  configured: boolean;
  source?: ChainSource;
  servedByDevnet: boolean;
  /** Scheme and host of each endpoint, never paths or queries (they hold API keys). */
  endpoints: string[];
  /** The variable that configures the chain, when one does. */
  envVar?: string;
}

export type ChainHealthStatus = 'operational' | 'unavailable' | 'not_configured';

export interface ChainHealth {
  status: ChainHealthStatus;
  blockNumber?: number;
  latencyMs?: number;
  /** Multicall3 at its address (`deployed`), or batched reads carrying its code in each call (`deployless`). */
  multicall3?: Multicall3Mode;
}

/** How batched reads reach Multicall3: at its address, or as code sent with each call where the chain has none. */
export type Multicall3Mode = 'deployed' | 'deployless';

export interface ChainRegistryOptions {
  config: Pick<AppConfig, 'rpcUrls' | 'rpcTimeoutMs' | 'devnetRpcUrl'>;
  /** Required when `config.devnetRpcUrl` is set: the devnet world's addresses. */
  devnetFacts?: DevnetChainFacts;
  /** Time limit of one health probe; defaults to min(rpcTimeoutMs, 3 s). */
  healthTimeoutMs?: number;
  /** Called before every JSON-RPC call to a chain (its upstream bucket); may throw to refuse it. */
  beforeRequest?: (chain: ChainKey) => Promise<void>;
  /** Counts JSON-RPC calls per chain and method, and times the requests to the nodes. */
  metrics?: MetricsService;
}

interface ChainRoute {
  facts: ChainFacts;
  urls: string[];
  source: ChainSource;
}

const HEALTH_TIMEOUT_CAP_MS = 3_000;

/** One viem client per chain, created on first use, with the endpoints and facts config selects. */
export class ChainRegistry {
  private readonly routes = new Map<ChainKey, ChainRoute>();
  private readonly contexts = new Map<ChainKey, ChainContext>();
  /** Per chain: viem reads `deployless` from here at each multicall, so the probe's finding applies at once. */
  private readonly multicalls = new Map<ChainKey, { deployless: boolean }>();
  private readonly probes = new Map<ChainKey, Promise<void>>();
  private readonly timeoutMs: number;
  private readonly healthTimeoutMs: number;
  private readonly beforeRequest?: (chain: ChainKey) => Promise<void>;
  private readonly metrics?: MetricsService;

  constructor(options: ChainRegistryOptions) {
    const { config } = options;
    if (config.devnetRpcUrl && !options.devnetFacts) {
      throw new Error('ChainRegistry: devnetRpcUrl is set but no devnet facts were given');
    }
    this.timeoutMs = config.rpcTimeoutMs;
    this.beforeRequest = options.beforeRequest;
    this.metrics = options.metrics;
    this.healthTimeoutMs = options.healthTimeoutMs ?? Math.min(config.rpcTimeoutMs, HEALTH_TIMEOUT_CAP_MS);
    for (const key of CHAIN_KEYS) {
      const route = selectRoute(key, options);
      if (route) this.routes.set(key, route);
    }
  }

  /** The chain's context; throws ChainNotConfiguredError naming the variable to set. */
  get(key: ChainKey): ChainContext {
    const cached = this.contexts.get(key);
    if (cached) return cached;
    const route = this.routes.get(key);
    if (!route) throw new ChainNotConfiguredError(key, envVarOf(key));
    const context: ChainContext = {
      key,
      facts: route.facts,
      client: this.createClient(key, route),
      stateOverrideClient: this.createClient(key, route, STATE_OVERRIDE_BATCH_CALLS),
      source: route.source,
      servedByDevnet: route.source === 'devnet',
    };
    this.contexts.set(key, context);
    return context;
  }

  /**
   * Resolves once the chain's Multicall3 has been looked for (one eth_getCode, the first time): where its
   * address holds no code (a fork, a test chain) batched reads go deployless. Never throws; a failed
   * look is tried again at the next call.
   */
  ready(key: ChainKey): Promise<void> {
    const route = this.routes.get(key);
    if (!route) return Promise.resolve();
    let probe = this.probes.get(key);
    if (!probe) {
      const { client, facts } = this.get(key);
      probe = withDeadline(
        client.request({ method: 'eth_getCode', params: [facts.multicall3, 'latest'] }),
        this.healthTimeoutMs,
      ).then(
        (code) => {
          this.multicallOf(key).deployless = !code || code === '0x';
        },
        () => {
          this.probes.delete(key);
        },
      );
      this.probes.set(key, probe);
    }
    return probe;
  }

  /** How batched reads reach Multicall3 on the chain (`deployed` until a look found no code there). */
  multicall3Mode(key: ChainKey): Multicall3Mode {
    return this.multicallOf(key).deployless ? 'deployless' : 'deployed';
  }

  isConfigured(key: ChainKey): boolean {
    return this.routes.has(key);
  }

  configuredKeys(): ChainKey[] {
    return CHAIN_KEYS.filter((key) => this.routes.has(key));
  }

  /**
   * The chain's id and name as served (`eth` on the devnet is 31337, "Local devnet"); for a chain not
   * configured, the chain table's. Creates no client, never throws.
   */
  identity(key: ChainKey): ChainIdentity {
    const facts = this.routes.get(key)?.facts ?? (key === 'devnet' ? undefined : MAINNET_CHAIN_FACTS[key]);
    return { chainId: facts?.chainId ?? DEVNET_CHAIN_ID, name: facts?.name ?? DEVNET_CHAIN_NAME };
  }

  /** Every known chain, configured or not, safe to show to anyone. */
  describe(): ChainDescription[] {
    return CHAIN_KEYS.map((key) => {
      const route = this.routes.get(key);
      return {
        key,
        ...this.identity(key),
        configured: Boolean(route),
        source: route?.source,
        servedByDevnet: route?.source === 'devnet',
        endpoints: (route?.urls ?? []).map(redactRpcUrl),
        envVar: envVarOf(key),
      };
    });
  }

  /** One `eth_blockNumber` under a short time limit; never throws. */
  async healthCheck(key: ChainKey): Promise<ChainHealth> {
    if (!this.routes.has(key)) return { status: 'not_configured' };
    const startedAt = Date.now();
    try {
      const [hex] = await Promise.all([
        withDeadline(this.get(key).client.request({ method: 'eth_blockNumber' }), this.healthTimeoutMs),
        this.ready(key),
      ]);
      return {
        status: 'operational',
        blockNumber: hexToNumber(hex),
        latencyMs: Date.now() - startedAt,
        multicall3: this.multicall3Mode(key),
      };
    } catch {
      // Unreachable, too slow, or answering errors: all read as unavailable to a health probe.
      return { status: 'unavailable' };
    }
  }

  /** Closes WebSocket connections (HTTP keeps none open that would hold the process). */
  close(): void {
    closeSocketClients([...this.routes.values()].flatMap((route) => route.urls));
    this.contexts.clear();
    this.probes.clear();
  }

  private multicallOf(key: ChainKey): { deployless: boolean } {
    let settings = this.multicalls.get(key);
    if (!settings) this.multicalls.set(key, (settings = { deployless: false }));
    return settings;
  }

  private observerOf(key: ChainKey): RpcObserver | undefined {
    const metrics = this.metrics;
    if (!metrics) return undefined;
    return {
      call: (method) => metrics.rpcCall(key, method),
      failed: (method) => metrics.rpcCallFailed(key, method),
      httpRequest: (seconds) => metrics.rpcRequest(key, seconds),
    };
  }

  private createClient(key: ChainKey, route: ChainRoute, batchSize?: number): PublicClient {
    return createPublicClient({
      chain: toViemChain(route),
      transport: createRpcTransport({
        urls: route.urls,
        timeoutMs: this.timeoutMs,
        batchSize,
        beforeRequest: this.beforeRequest ? () => this.beforeRequest!(key) : undefined,
        observer: this.observerOf(key),
      }),
      // Concurrent readContract calls are folded into one Multicall3 aggregate3 eth_call (deployless
      // where the chain has no Multicall3: see ready()).
      batch: { multicall: this.multicallOf(key) },
    }) as PublicClient;
  }
}

function envVarOf(key: ChainKey): string | undefined {
  return key === 'devnet' ? undefined : MAINNET_CHAIN_FACTS[key].rpcEnvVar;
}

/** Explicit URLs win; without them `eth` and `devnet` fall back to the embedded devnet. */
function selectRoute(key: ChainKey, options: ChainRegistryOptions): ChainRoute | undefined {
  const { config, devnetFacts } = options;
  const urls = config.rpcUrls[key];
  if (key !== 'devnet' && urls && urls.length > 0) {
    return { facts: MAINNET_CHAIN_FACTS[key], urls, source: 'rpc' };
  }
  if ((key === 'eth' || key === 'devnet') && config.devnetRpcUrl && devnetFacts) {
    return { facts: chainFactsFromDevnet(key, devnetFacts), urls: [config.devnetRpcUrl], source: 'devnet' };
  }
  return undefined;
}

function toViemChain({ facts }: ChainRoute): Chain {
  return defineChain({
    id: facts.chainId,
    name: facts.name,
    nativeCurrency: { name: facts.nativeSymbol, symbol: facts.nativeSymbol, decimals: 18 },
    // Left empty so no API-key-bearing URL sits on `client.chain`, where it could be logged.
    rpcUrls: { default: { http: [] } },
    contracts: { multicall3: { address: facts.multicall3 } },
  });
}
