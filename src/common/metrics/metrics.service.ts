import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { clusterMetricsText, inCluster, joinClusterMetrics } from './cluster-metrics';
import { boundedRpcMethod, HTTP_METHODS } from './metric-labels';

/** What a scan did for one section it was asked for. */
export type ScanOutcome = 'ok' | 'cached' | 'failed' | 'not_analysable' | 'refused';

/** Which of our own rate limits refused a call (`upstream_<kind>`: a provider's bucket). */
export type RateLimitName =
  'key' | 'low_class' | 'scanner_global' | 'scanner_concurrency' | 'ip_key_issue' | 'ip_low' | `upstream_${string}`;

/** Which quota refused a call: a monthly plan quota, a test key's 10 scans, or surface C's daily tier. */
export type QuotaName = 'monthly' | 'test_key' | 'daily_tier';

/** Job queue names → jobs waiting in each; the jobs module registers one of these. */
export type QueueDepthSource = () => Promise<Record<string, number>>;

/** A queue-depth source slower than this is left out of one scrape (its queues show no sample). */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

type CounterChild = ReturnType<Counter<string>['labels']>;
type HistogramChild = ReturnType<Histogram<string>['labels']>;

/**
 * Every Prometheus metric of one application instance, in a registry of its own (never prom-client's
 * global one, so several instances in one process do not collide), with Node's process metrics.
 * Recording is synchronous and cheap: label children are made once per label set and reused. Label
 * values are bounded (route templates, chain keys, method names, fixed outcome words), never raw
 * paths, addresses or keys.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly logger = new Logger(MetricsService.name);
  private readonly queueDepthSources: QueueDepthSource[] = [];
  private readonly httpChildren = new Map<string, { count: CounterChild; latency: HistogramChild }>();

  private readonly httpRequests = this.counter(
    'tas_http_requests_total',
    'HTTP requests answered, by route template, method and status',
    ['route', 'method', 'status'],
  );
  private readonly httpLatency = this.histogram(
    'tas_http_request_duration_seconds',
    'Time to answer an HTTP request, by route template and method',
    ['route', 'method'],
    LATENCY_BUCKETS,
  );
  private readonly scans = this.counter(
    'tas_scans_total',
    'Sections of token scans, by section and outcome (ok, cached, failed, not_analysable, refused)',
    ['section', 'outcome'],
  );
  private readonly rpcCalls = this.counter(
    'tas_rpc_calls_total',
    'JSON-RPC calls to chain nodes, by chain and method (each call of a batch counts)',
    ['chain', 'method'],
  );
  private readonly rpcErrors = this.counter(
    'tas_rpc_call_errors_total',
    'JSON-RPC calls that failed after retries, by chain and method',
    ['chain', 'method'],
  );
  private readonly rpcLatency = this.histogram(
    'tas_rpc_request_duration_seconds',
    'Time of one HTTP request to a chain node (a batch is one request), by chain',
    ['chain'],
    LATENCY_BUCKETS,
  );
  private readonly cacheHits = this.counter(
    'tas_report_cache_hits_total',
    'Report cache lookups served, by tier (memory, database)',
    ['tier'],
  );
  private readonly cacheMisses = this.counter(
    'tas_report_cache_misses_total',
    'Report cache lookups that found no report young enough',
    [],
  );
  private readonly quotaRefusals = this.counter(
    'tas_quota_refusals_total',
    'Calls refused because a quota was spent, by quota (monthly, test_key, daily_tier)',
    ['quota'],
  );
  private readonly rateLimitRefusals = this.counter(
    'tas_rate_limit_refusals_total',
    'Calls refused by a rate limit, by limit',
    ['limit'],
  );
  private readonly jobDuration = this.histogram(
    'tas_job_duration_seconds',
    'Time a job took from start to completion, by queue',
    ['queue'],
    JOB_BUCKETS,
  );
  private readonly jobFailures = this.counter('tas_job_failures_total', 'Job attempts that failed, by queue', [
    'queue',
  ]);

  constructor() {
    // Unprefixed (process_*, nodejs_*), as the usual Node.js dashboards expect them.
    collectDefaultMetrics({ register: this.registry });
    if (inCluster()) joinClusterMetrics(this.registry);
    const sources = this.queueDepthSources;
    const onSourceError = (err: unknown) => this.logger.warn(`A queue-depth source failed: ${(err as Error).message}`);
    new Gauge({
      name: 'tas_job_queue_depth',
      help: 'Jobs waiting in each queue, read at scrape time',
      labelNames: ['queue'],
      registers: [this.registry],
      // Every process of a cluster reads the same queues: their figures are not added up.
      aggregator: 'max',
      async collect() {
        this.reset();
        const depths = await Promise.all(
          sources.map((source) => readWithin(source, QUEUE_DEPTH_TIMEOUT_MS).catch(onSourceError)),
        );
        for (const depth of depths) {
          for (const [queue, waiting] of Object.entries(depth ?? {})) {
            if (Number.isFinite(waiting)) this.set({ queue }, waiting);
          }
        }
      },
    });
  }

  /** One answered HTTP request; `route` is the matched route template (UNMATCHED_ROUTE when none). */
  httpRequest(route: string, method: string, status: number, seconds: number): void {
    const id = `${method} ${status} ${route}`;
    let children = this.httpChildren.get(id);
    if (!children) {
      const m = HTTP_METHODS.has(method) ? method : 'OTHER';
      children = {
        count: this.httpRequests.labels(route, m, String(status)),
        latency: this.httpLatency.labels(route, m),
      };
      this.httpChildren.set(id, children);
    }
    children.count.inc();
    children.latency.observe(seconds);
  }

  scanSection(section: string, outcome: ScanOutcome): void {
    this.scans.labels(section, outcome).inc();
  }

  rpcCall(chain: string, method: string): void {
    this.rpcCalls.labels(chain, boundedRpcMethod(method)).inc();
  }

  rpcCallFailed(chain: string, method: string): void {
    this.rpcErrors.labels(chain, boundedRpcMethod(method)).inc();
  }

  rpcRequest(chain: string, seconds: number): void {
    this.rpcLatency.labels(chain).observe(seconds);
  }

  reportCacheHit(tier: 'memory' | 'database'): void {
    this.cacheHits.labels(tier).inc();
  }

  reportCacheMiss(): void {
    this.cacheMisses.inc();
  }

  quotaRefused(quota: QuotaName): void {
    this.quotaRefusals.labels(quota).inc();
  }

  rateLimitRefused(limit: RateLimitName): void {
    this.rateLimitRefusals.labels(limit).inc();
  }

  /** For the job queue: a job of `queue` (a fixed queue name) finished after `seconds`. */
  jobCompleted(queue: string, seconds: number): void {
    this.jobDuration.labels(queue).observe(seconds);
  }

  /** For the job queue: an attempt at a job of `queue` failed (a retry that later succeeds counts too). */
  jobFailed(queue: string): void {
    this.jobFailures.labels(queue).inc();
  }

  /**
   * For the job queue: `source` is asked at each scrape for the jobs waiting per queue. A source that
   * throws or takes over 2 s is left out of that scrape (logged), never failing /metrics.
   */
  registerQueueDepth(source: QueueDepthSource): void {
    this.queueDepthSources.push(source);
  }

  /** The Prometheus text exposition (format 0.0.4) of every metric: of every API process when several share the port. */
  render(): Promise<string> {
    return inCluster() ? clusterMetricsText() : this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private counter(name: string, help: string, labelNames: string[]): Counter<string> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram(name: string, help: string, labelNames: string[], buckets: number[]): Histogram<string> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }
}

async function readWithin(source: QueueDepthSource, ms: number): Promise<Record<string, number>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([source(), late]);
  } finally {
    clearTimeout(timer);
  }
}
