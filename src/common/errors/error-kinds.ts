import { ErrorKind } from './app-error';

interface KindRendering {
  status: number;
  /** Surface A: `error.type`. */
  aType: string;
  /** Surface B: `error`. */
  bError: string;
  /** Surface C: `error.code` and `error.hint`. */
  cCode: string;
  cHint: string;
}

/** The one table from error kind to HTTP status and each surface's names. */
export const ERROR_KINDS: Record<ErrorKind, KindRendering> = {
  validation: {
    status: 400,
    aType: 'validation_error',
    bError: 'invalid_request',
    cCode: 'VALIDATION_ERROR',
    cHint: 'check the request against the OpenAPI description',
  },
  unauthenticated: {
    status: 401,
    aType: 'authentication_error',
    bError: 'unauthorized',
    cCode: 'INVALID_API_KEY',
    cHint: 'check the key',
  },
  payment_required: {
    status: 402,
    aType: 'quota_exceeded_error',
    bError: 'quota_exhausted',
    cCode: 'QUOTA_EXHAUSTED',
    cHint: 'buy a plan for more calls',
  },
  insufficient_payment: {
    status: 402,
    aType: 'payment_error',
    bError: 'insufficient_payment',
    cCode: 'INSUFFICIENT_PAYMENT',
    cHint: 'pay the missing amount',
  },
  forbidden: {
    status: 403,
    aType: 'permission_error',
    bError: 'forbidden',
    cCode: 'INSUFFICIENT_TIER',
    cHint: 'stake more of the native token',
  },
  not_found: { status: 404, aType: 'not_found_error', bError: 'not_found', cCode: 'NOT_FOUND', cHint: 'do not retry' },
  method_not_allowed: {
    status: 405,
    aType: 'method_not_allowed_error',
    bError: 'method_not_allowed',
    cCode: 'METHOD_NOT_ALLOWED',
    cHint: 'check the method',
  },
  conflict: {
    status: 409,
    aType: 'conflict_error',
    bError: 'conflict',
    cCode: 'CONFLICT',
    cHint: 'the resource already exists or is not ready',
  },
  payload_too_large: {
    status: 413,
    aType: 'payload_too_large_error',
    bError: 'payload_too_large',
    cCode: 'PAYLOAD_TOO_LARGE',
    cHint: 'send at most 100 kB',
  },
  headers_too_large: {
    status: 431,
    aType: 'headers_too_large_error',
    bError: 'headers_too_large',
    cCode: 'HEADERS_TOO_LARGE',
    cHint: 'send at most 16 kB of headers',
  },
  unsupported_media_type: {
    status: 415,
    aType: 'unsupported_media_type_error',
    bError: 'unsupported_media_type',
    cCode: 'UNSUPPORTED_MEDIA_TYPE',
    cHint: 'send Content-Type: application/json',
  },
  expectation_failed: {
    status: 417,
    aType: 'expectation_failed_error',
    bError: 'expectation_failed',
    cCode: 'EXPECTATION_FAILED',
    cHint: 'send no Expect header, or Expect: 100-continue',
  },
  rate_limited: {
    status: 429,
    aType: 'rate_limit_error',
    bError: 'rate_limited',
    cCode: 'RATE_LIMIT_EXCEEDED',
    cHint: 'upgrade tier or wait',
  },
  internal: {
    status: 500,
    aType: 'internal_error',
    bError: 'internal_error',
    cCode: 'INTERNAL_ERROR',
    cHint: 'retry with exponential back-off',
  },
  unavailable: {
    status: 503,
    aType: 'service_unavailable_error',
    bError: 'service_unavailable',
    cCode: 'UPSTREAM_UNAVAILABLE',
    cHint: 'retry with exponential back-off',
  },
};

export function kindForStatus(status: number): ErrorKind {
  const found = (Object.keys(ERROR_KINDS) as ErrorKind[]).find((k) => ERROR_KINDS[k].status === status);
  if (found) return found;
  return status >= 500 ? 'internal' : 'validation';
}
