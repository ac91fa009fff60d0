import { HttpException } from '@nestjs/common';
import { AppError, ErrorKind } from './app-error';
import { ERROR_KINDS, kindForStatus } from './error-kinds';
import type { Problem } from './problem.types';
import { unavailableProblem } from './unavailable';

const GENERIC_MESSAGE = 'Internal server error';

/**
 * Errors raised by the HTTP stack itself carry a `status`: body-parser's a `type`, Fastify's (a URL it
 * cannot decode, say) a `code` starting with FST_.
 */
interface HttpStackError {
  type?: string;
  code?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

const BODY_ERRORS: Record<string, { kind: ErrorKind; message: string }> = {
  'entity.parse.failed': { kind: 'validation', message: 'Malformed JSON in request body' },
  'entity.too.large': { kind: 'payload_too_large', message: 'Request body exceeds the 100 kB limit' },
  'encoding.unsupported': { kind: 'unsupported_media_type', message: 'Unsupported request body encoding' },
  'charset.unsupported': { kind: 'unsupported_media_type', message: 'Unsupported request body charset' },
  'request.aborted': { kind: 'validation', message: 'Request body was aborted' },
  'request.size.invalid': { kind: 'validation', message: 'Request body size does not match Content-Length' },
};

/** Libraries wrap what they cannot classify (viem wraps a transport's own errors): find ours inside. */
function ownError(error: unknown): AppError | undefined {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return e;
  }
  return undefined;
}

export function toProblem(thrown: unknown, request: { method: string; path: string }): Problem {
  const error = ownError(thrown) ?? thrown;
  if (error instanceof AppError) {
    return {
      kind: error.kind,
      status: ERROR_KINDS[error.kind].status,
      message: error.message,
      details: error.details,
      retryAfter: error.retryAfter,
      provider: error.provider,
      cCode: error.cCode,
      headers: error.headers,
      expected: true,
    };
  }
  const unavailable = unavailableProblem(error);
  if (unavailable) return unavailable;
  const stack = error as HttpStackError;
  // Nest wraps body-parser's SyntaxError in a BadRequestException; the original keeps its `type`.
  const bodyType = stack?.type ?? ((error as HttpException)?.cause as HttpStackError | undefined)?.type;
  if (bodyType && BODY_ERRORS[bodyType]) {
    const { kind, message } = BODY_ERRORS[bodyType];
    return { kind, status: ERROR_KINDS[kind].status, message, expected: true };
  }
  if (error instanceof HttpException) return fromHttpException(error, request);
  if (error instanceof SyntaxError && stack.status === 400) {
    return { kind: 'validation', status: 400, message: 'Malformed JSON in request body', expected: true };
  }
  const status = stack?.status ?? stack?.statusCode;
  const fromStack = stack.expose === true || (typeof stack.code === 'string' && stack.code.startsWith('FST_'));
  if (typeof status === 'number' && status >= 400 && status < 500 && fromStack) {
    const kind = kindForStatus(status);
    return { kind, status, message: (error as Error).message, expected: true };
  }
  return { kind: 'internal', status: 500, message: GENERIC_MESSAGE, expected: false };
}

function fromHttpException(error: HttpException, request: { method: string; path: string }): Problem {
  const status = error.getStatus();
  const kind = kindForStatus(status);
  if (status >= 500) return { kind, status, message: GENERIC_MESSAGE, expected: false };
  if (status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(error.message)) {
    return { kind, status, message: `No route for ${request.method} ${request.path}`, expected: true };
  }
  // Nest turns body-parser's SyntaxError into a bare BadRequestException carrying the parser's text.
  if (status === 400 && /JSON/.test(error.message) && typeof error.getResponse() === 'object') {
    return { kind, status, message: `Malformed JSON in request body: ${error.message}`, expected: true };
  }
  const response = error.getResponse();
  const message =
    typeof response === 'object' && response !== null && 'message' in response
      ? [(response as { message: unknown }).message].flat().join('; ')
      : error.message;
  return { kind, status, message, expected: true };
}
