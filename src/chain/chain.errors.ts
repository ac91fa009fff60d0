import { AppError } from '../common/errors/app-error';
import type { ChainKey } from '../config/app-config';

/** Asked for a chain that has no RPC endpoint; the message names the variable that fixes it. */
export class ChainNotConfiguredError extends AppError {
  constructor(
    readonly chain: ChainKey,
    readonly envVar?: string,
  ) {
    // 503 and not 400: the request is valid, this deployment lacks the node for it.
    super(
      'unavailable',
      envVar
        ? `Chain ${chain} is not configured: set ${envVar}`
        : `Chain ${chain} is not configured: the embedded devnet runs only when ETH_RPC_URL is unset`,
    );
    this.name = 'ChainNotConfiguredError';
  }
}

export type ChainFailureReason = 'timeout' | 'network' | 'rate_limited' | 'server_error' | 'rejected';

export interface ChainFailure {
  reason: ChainFailureReason;
  /** Worth trying again later (the HTTP layer answers 503 + retry hint). */
  retryable: boolean;
  /** HTTP status of the node's answer, when there was one. */
  status?: number;
}

const REASON_TEXT: Record<ChainFailureReason, string> = {
  timeout: 'it did not answer in time',
  network: 'it could not be reached',
  rate_limited: 'it is rate-limiting us',
  server_error: 'it answered with a server error',
  rejected: 'it refused the request',
};

/**
 * The chain's node could not serve the request. Deliberately carries no cause and no URL: viem's
 * transport errors print the full RPC URL, and RPC URLs carry API keys.
 */
export class ChainUnavailableError extends AppError {
  readonly reason: ChainFailureReason;
  readonly retryable: boolean;
  readonly status?: number;

  constructor(
    readonly chain: ChainKey,
    failure: Partial<ChainFailure> = {},
  ) {
    const reason = failure.reason ?? 'network';
    const retryable = failure.retryable ?? true;
    super('unavailable', `Chain ${chain} is unavailable: its RPC node is unreachable (${REASON_TEXT[reason]})`, {
      retryAfter: retryable ? 5 : undefined,
    });
    this.name = 'ChainUnavailableError';
    this.reason = reason;
    this.retryable = failure.retryable ?? true;
    this.status = failure.status;
  }
}

/** Thrown by the transport when a request (retries and fallbacks included) runs past its deadline. */
export class RpcDeadlineExceededError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`RPC request exceeded its ${deadlineMs} ms deadline`);
    this.name = 'RpcDeadlineExceededError';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const SOCKET_ERRORS = new Set(['WebSocketRequestError', 'SocketClosedError']);
const TIMEOUT_ERRORS = new Set(['TimeoutError', 'RpcDeadlineExceededError']);
// JSON-RPC codes some providers use for rate limits; -32005 also means "too many log results",
// which the caller must see as is, hence the message check.
const RATE_LIMIT_CODES = new Set([-32005, -32007]);
const RATE_LIMIT_MESSAGE = /rate.?limit|too many requests|request limit|exceeded.*(capacity|quota)/i;

type ErrorLink = { name?: unknown; code?: unknown; status?: unknown; message?: unknown; cause?: unknown };

function byStatus(status: number): ChainFailure {
  if (status === 429) return { reason: 'rate_limited', retryable: true, status };
  if (status === 408) return { reason: 'timeout', retryable: true, status };
  if (status >= 500) return { reason: 'server_error', retryable: true, status };
  return { reason: 'rejected', retryable: false, status };
}

function classifyLink(link: ErrorLink): ChainFailure | undefined {
  const status = typeof link.status === 'number' ? link.status : undefined;
  if (typeof link.name === 'string' && TIMEOUT_ERRORS.has(link.name)) return { reason: 'timeout', retryable: true };
  if (typeof link.name === 'string' && SOCKET_ERRORS.has(link.name)) return { reason: 'network', retryable: true };
  if (link.name === 'HttpRequestError') return status ? byStatus(status) : { reason: 'network', retryable: true };
  // A JSON-RPC error in a non-2xx answer: only overload statuses mean the node is unavailable.
  if (link.name === 'RpcRequestError' && status && (status === 429 || status === 408 || status >= 500)) {
    return byStatus(status);
  }
  if (link.code === 429) return { reason: 'rate_limited', retryable: true };
  if (RATE_LIMIT_CODES.has(link.code as number) && RATE_LIMIT_MESSAGE.test(String(link.message))) {
    return { reason: 'rate_limited', retryable: true };
  }
  if (typeof link.code === 'string' && NETWORK_CODES.has(link.code)) return { reason: 'network', retryable: true };
  if (link.name === 'TypeError' && link.message === 'fetch failed') return { reason: 'network', retryable: true };
  return undefined;
}

/**
 * Whether an error (anywhere in its cause chain) means the node could not serve the request, as
 * opposed to the node answering "no" (revert, bad params), which callers must see unchanged.
 */
export function classifyChainFailure(err: unknown): ChainFailure | undefined {
  let link: unknown = err;
  for (let depth = 0; link && typeof link === 'object' && depth < 20; depth++) {
    const failure = classifyLink(link as ErrorLink);
    if (failure) return failure;
    link = (link as ErrorLink).cause;
  }
  return undefined;
}

/** Turns transport failures into ChainUnavailableError; returns every other error unchanged. */
export function toChainError(err: unknown, chain: ChainKey): unknown {
  if (err instanceof ChainUnavailableError || err instanceof ChainNotConfiguredError) return err;
  const failure = classifyChainFailure(err);
  return failure ? new ChainUnavailableError(chain, failure) : err;
}

/** Runs `fn`, rethrowing transport failures as ChainUnavailableError. */
export async function withChainErrors<T>(chain: ChainKey, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toChainError(err, chain);
  }
}

/**
 * viem's `multicall({ allowFailure: true })` reports a dead node as a failure of every call instead
 * of throwing; this rethrows that case so a down node is not mistaken for "the token has no name".
 */
export function throwIfTransportFailed<R extends { status: string; error?: unknown }>(
  chain: ChainKey,
  results: R[],
): R[] {
  for (const result of results) {
    if (result.status === 'failure') {
      const mapped = toChainError(result.error, chain);
      if (mapped instanceof ChainUnavailableError) throw mapped;
    }
  }
  return results;
}
