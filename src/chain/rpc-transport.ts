import { performance } from 'node:perf_hooks';
import { createTransport, fallback, http, webSocket, type EIP1193RequestFn, type Transport } from 'viem';
import { socketClientCache } from 'viem/utils';
import { classifyChainFailure, RpcDeadlineExceededError } from './chain.errors';
import { raceDeadline } from '../common/deadline';

export interface RetryPolicy {
  /** Retries after the first attempt, for retryable failures only. */
  retryCount: number;
  /** First back-off; doubles on each retry. */
  retryDelayMs: number;
  /** Hard cap on one logical request: every fallback URL, every retry and every back-off. */
  deadlineMs: number;
}

export interface RpcTransportOptions {
  urls: string[];
  /** Per HTTP/WebSocket request, per URL. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Called before every JSON-RPC call (an upstream bucket); may throw to refuse it. */
  beforeRequest?: () => Promise<void>;
  /** Calls per JSON-RPC batch; viem's default when absent. */
  batchSize?: number;
  /** Told of each call and each HTTP request (metrics); synchronous and cheap. */
  observer?: RpcObserver;
}

/** What a transport reports: every JSON-RPC call by method (a batch holds several), and each HTTP request's time. */
export interface RpcObserver {
  /** A call passed its upstream bucket and goes to the node. */
  call(method: string): void;
  /** A call failed for good (after retries and fallbacks). */
  failed(method: string): void;
  /** One HTTP request to a node (one batch) took `seconds`, until its response headers. */
  httpRequest(seconds: number): void;
}

/**
 * Defaults keep an unreachable node's worst case near 2.5 × the timeout: two quick retries cover a
 * refused connection or a 429 blip, and the deadline stops a hanging node from being waited on
 * once per retry and per fallback URL.
 */
export function defaultRetryPolicy(timeoutMs: number): RetryPolicy {
  return { retryCount: 2, retryDelayMs: 150, deadlineMs: Math.round(timeoutMs * 2.5) };
}

/** Scheme and host only: RPC paths and query strings carry API keys. */
export function redactRpcUrl(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return '(invalid url)';
  }
}

export const isWebSocketUrl = (url: string): boolean => /^wss?:\/\//i.test(url);

/**
 * Calls per JSON-RPC batch for calls that carry a contract's code in a state override (the trade
 * simulator, ~20 kB each: request-size.spec.ts). Twenty scans of a wallet at once would otherwise put
 * megabytes in one body, over providers' request-size limits (anvil refuses a body over about 2 MB
 * as an invalid request); 20 such calls stay under 1 MB. They go out as several batches at once:
 * more requests, not more round trips. Other calls keep viem's default batches.
 */
export const STATE_OVERRIDE_BATCH_CALLS = 20;

function endpointTransport(url: string, timeoutMs: number, batchSize?: number, observer?: RpcObserver): Transport {
  // retryCount 0: retries happen once, above the fallback, under one deadline.
  if (isWebSocketUrl(url)) return webSocket(url, { timeout: timeoutMs, retryCount: 0 });
  return http(url, {
    batch: batchSize ? { batchSize } : true,
    timeout: timeoutMs,
    retryCount: 0,
    fetchFn: observer ? timedFetch(observer) : undefined,
  });
}

function timedFetch(observer: RpcObserver): typeof fetch {
  return async (input, init) => {
    const startedAt = performance.now();
    try {
      return await fetch(input, init);
    } finally {
      observer.httpRequest((performance.now() - startedAt) / 1000);
    }
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries retryable failures with exponential back-off, never starting an attempt it cannot finish. */
export async function withBoundedRetry<T>(params: {
  attempt: () => Promise<T>;
  policy: RetryPolicy;
  attemptTimeoutMs: number;
}): Promise<T> {
  const { attempt, policy, attemptTimeoutMs } = params;
  const startedAt = Date.now();
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (err) {
      const delay = policy.retryDelayMs * 2 ** retry;
      const fitsDeadline = Date.now() - startedAt + delay + attemptTimeoutMs <= policy.deadlineMs;
      if (retry >= policy.retryCount || !fitsDeadline || !classifyChainFailure(err)?.retryable) throw err;
      await sleep(delay);
    }
  }
}

/** Rejects with RpcDeadlineExceededError if `work` is still pending after `deadlineMs`. */
export function withDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  return raceDeadline(work, deadlineMs, () => new RpcDeadlineExceededError(deadlineMs));
}

/**
 * viem transport: JSON-RPC batching per URL, fallback across URLs in order, then bounded retries
 * of retryable failures (network, timeout, 429, 5xx) under one deadline. viem's own retry is off
 * because it honours any Retry-After a provider sends, which would let one call hang for minutes.
 */
export function createRpcTransport(options: RpcTransportOptions): Transport {
  if (options.urls.length === 0) throw new Error('createRpcTransport needs at least one URL');
  const policy = { ...defaultRetryPolicy(options.timeoutMs), ...options.retry };
  const endpoints = fallback(
    options.urls.map((url) => endpointTransport(url, options.timeoutMs, options.batchSize, options.observer)),
    { retryCount: 0 },
  );
  return (params) => {
    const inner = endpoints({ ...params, retryCount: 0 });
    const request = (async (args: Parameters<EIP1193RequestFn>[0]) => {
      await options.beforeRequest?.();
      options.observer?.call(args.method);
      try {
        return await withDeadline(
          withBoundedRetry({
            attempt: () => inner.request(args),
            policy,
            attemptTimeoutMs: options.timeoutMs,
          }),
          policy.deadlineMs,
        );
      } catch (err) {
        options.observer?.failed(args.method);
        throw err;
      }
    }) as EIP1193RequestFn;
    return createTransport(
      { key: 'rpc', name: 'Bounded fallback JSON-RPC', type: 'rpc', request, retryCount: 0 },
      inner.value,
    );
  };
}

/** Closes the shared WebSocket connections viem opened for these URLs (they keep the process alive). */
export function closeSocketClients(urls: string[]): void {
  const wanted = new Set(urls.filter(isWebSocketUrl));
  if (wanted.size === 0) return;
  for (const [id, client] of socketClientCache) {
    const { url } = JSON.parse(id) as { url?: string };
    if (url && wanted.has(url)) client.close();
  }
}
