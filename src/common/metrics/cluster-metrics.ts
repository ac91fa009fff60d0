import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'tas:metrics-request';
const RESPONSE = 'tas:metrics-response';
/** prom-client's own wait for every process's share. */
const TIMEOUT_MS = 5_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: string;
}
interface MetricsResponse {
  type: typeof RESPONSE;
  id: string;
  text?: string;
  error?: string;
}

/**
 * In the cluster's primary: a process serving /metrics asks here, and gets every API process's metrics
 * added up by prom-client's AggregatorRegistry (counters and histograms summed; gauges as each declares).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<MetricsRequest>) => {
    if (message?.type !== REQUEST || typeof message.id !== 'string') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: RESPONSE, id, text } satisfies MetricsResponse),
      (err: unknown) =>
        worker.send({
          type: RESPONSE,
          id,
          error: err instanceof Error ? err.message : String(err),
        } satisfies MetricsResponse),
    );
  });
}

/** True in a process forked by the cluster's primary (API_PROCESSES > 1). */
export function inCluster(): boolean {
  return cluster.isWorker;
}

/** In an API process of a cluster: the registry whose metrics the primary adds up. */
export function joinClusterMetrics(registry: Registry): void {
  // Constructing one installs prom-client's answer to the primary's collection requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** In an API process of a cluster: the whole cluster's metrics, collected by the primary. */
export function clusterMetricsText(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: Partial<MetricsResponse>) => {
      if (message?.type !== RESPONSE || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'no metrics'));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('the cluster primary did not answer'));
    }, TIMEOUT_MS + 1_000);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send!({ type: REQUEST, id } satisfies MetricsRequest);
  });
}
