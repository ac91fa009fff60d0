/**
 * What went wrong, independent of surface. Each surface's envelope renders a kind its own way
 * (see error-kinds.ts); domain errors pick a kind and never an HTTP status.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'payment_required'
  | 'insufficient_payment'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'headers_too_large'
  | 'unsupported_media_type'
  | 'expectation_failed'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

export interface AppErrorOptions {
  details?: Record<string, unknown>;
  /** Seconds; rendered as Retry-After and, where the surface has one, `retry_after`. */
  retryAfter?: number;
  /** Who limited the call (surface B's 429 names it; `api` for our own limits). */
  provider?: string;
  /** Surface C's machine code, when it is more precise than the kind's default (e.g. INVALID_ADDRESS). */
  cCode?: string;
  /** Response headers that belong to the error (e.g. X-RateLimit-* on a 429). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** Base of every domain error. Plain Error subclass: services throw it, the surface filters render it. */
export class AppError extends Error {
  readonly details?: Record<string, unknown>;
  readonly retryAfter?: number;
  readonly provider?: string;
  readonly cCode?: string;
  readonly headers?: Record<string, string>;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
    this.provider = options.provider;
    this.cCode = options.cCode;
    this.headers = options.headers;
  }
}

/** A request field failed validation; surface A shows `details.field` and `details.value`. */
export class RequestValidationError extends AppError {
  constructor(
    readonly field: string,
    readonly value: unknown,
    message: string,
    cCode?: string,
  ) {
    super('validation', message, { details: { field, value: renderValue(value) }, cCode });
  }
}

function renderValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
