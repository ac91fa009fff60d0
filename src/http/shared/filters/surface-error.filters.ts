import { ArgumentsHost, Catch, ExceptionFilter, Injectable, Logger } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { pathOf, type AuthedRequest, type HttpReply, type RawRequest } from '../auth/request-context';
import { AppConfig } from '../../../config/app-config';
import { ERROR_KINDS } from '../../../common/errors/error-kinds';
import { toProblem } from '../../../common/errors/problem';
import type { Problem } from '../../../common/errors/problem.types';
import { Surface, surfaceOf } from '../surface';

/** Renders a Problem in one surface's envelope. */
abstract class SurfaceErrorFilter {
  abstract envelope(problem: Problem): object;
}

/** Surface A (SPEC.md "Surface A error body"). */
export class SurfaceAErrorFilter extends SurfaceErrorFilter {
  envelope(p: Problem): object {
    return {
      success: false,
      error: {
        code: p.status,
        message: p.message,
        type: ERROR_KINDS[p.kind].aType,
        ...(p.details ? { details: p.details } : {}),
        ...(p.retryAfter !== undefined ? { retry_after: p.retryAfter } : {}),
      },
    };
  }
}

/**
 * Surface B. The spec shows only the 429 body `{error:"rate_limited",provider,reason,retry_after}`;
 * every other error uses the same flat form, with `success:false` as B's successes carry `success`.
 */
export class SurfaceBErrorFilter extends SurfaceErrorFilter {
  envelope(p: Problem): object {
    if (p.kind === 'rate_limited') {
      return {
        success: false,
        error: 'rate_limited',
        provider: p.provider ?? 'api',
        reason: p.message,
        retry_after: p.retryAfter ?? 1,
      };
    }
    return {
      success: false,
      error: ERROR_KINDS[p.kind].bError,
      message: p.message,
      ...(p.details ? { details: p.details } : {}),
      ...(p.retryAfter !== undefined ? { retry_after: p.retryAfter } : {}),
    };
  }
}

/** Hints of surface C's codes that say more than their kind's (SPEC.md "Surface C error codes"). */
const C_HINTS: Record<string, string> = {
  INVALID_ADDRESS: 'check address format',
  INVALID_API_KEY: 'check the key',
  RATE_LIMIT_EXCEEDED: 'upgrade tier or wait',
  INSUFFICIENT_TIER: 'stake more of the native token',
  DATABASE_UNAVAILABLE: 'retry with exponential back-off',
  TEST_KEY_NOT_ACCEPTED: 'sign up at POST /v1/auth/signup for a surface C key',
  AMBIGUOUS_SYMBOL: 'use the contract address, or one of the candidates',
  RISKY_TOKEN: 'send allow_risky: true to override, knowing the risks listed',
  NO_ROUTE: 'no V2 pool connects these tokens on this chain',
  INSUFFICIENT_BALANCE: 'fund the sending wallet first',
  TRANSACTION_WOULD_REVERT: 'check the inputs; the simulated transaction reverts',
  WATCH_LIMIT_REACHED: 'delete a watch, or stake more for a higher tier',
};

/** Surface C: `{error:{code,message,hint}}` with the spec's codes. */
export class SurfaceCErrorFilter extends SurfaceErrorFilter {
  envelope(p: Problem): object {
    const rendering = ERROR_KINDS[p.kind];
    const code = p.cCode ?? rendering.cCode;
    return {
      error: {
        code,
        message: p.message,
        hint: C_HINTS[code] ?? rendering.cHint,
        ...(p.details ? { details: p.details } : {}),
        ...(p.retryAfter !== undefined ? { retry_after: p.retryAfter } : {}),
      },
    };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

const RENDERERS: Record<Surface, SurfaceErrorFilter> = {
  A: new SurfaceAErrorFilter(),
  B: new SurfaceBErrorFilter(),
  C: new SurfaceCErrorFilter(),
};

/** A problem in the envelope of the given surface (also for answers written below Fastify: see client-errors.ts). */
export function envelopeOf(surface: Surface, problem: Problem): object {
  return RENDERERS[surface].envelope(problem);
}

/**
 * The one global filter: routes every error — including unknown routes and body-parser failures, which
 * never reach a controller — to the filter of the surface its path belongs to.
 */
@Catch()
@Injectable()
export class ErrorRouterFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly config: AppConfig) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    // Fastify's request and reply, or Node's when a middleware (the request guard) threw.
    const request = http.getRequest<AuthedRequest | RawRequest>();
    const response = http.getResponse<HttpReply | ServerResponse>();
    const raw = 'raw' in response ? response.raw : response;
    const path = pathOf(request);
    const method = request.method ?? 'GET';
    const problem = toProblem(exception, { method, path });
    if (!problem.expected) {
      // reqId as the access line's req.id (see requestLogging): the two lines join on it.
      this.logger.error({ err: exception, reqId: request.id, method, path }, 'Unhandled error');
    }
    if (raw.headersSent) return;
    // A call that fails after admission (bad input found by a pipe, an unknown token, an unreachable
    // node) gives back what metering took, before its error is answered: only results are counted.
    const meter = 'raw' in request ? (request as AuthedRequest).meter : undefined;
    await meter
      ?.refund()
      .catch((err: unknown) => this.logger.error({ err }, "Giving back a failed call's quota failed"));
    if (raw.headersSent) return;
    const surface = surfaceOf(path, this.config.scannerBasePath);
    const headers: Record<string, string> = { ...problem.headers };
    if (problem.retryAfter !== undefined) headers['Retry-After'] = String(problem.retryAfter);
    const body = JSON.stringify(envelopeOf(surface, problem));
    if ('raw' in response) {
      response.code(problem.status).headers(headers).type(JSON_TYPE).send(body);
      return;
    }
    for (const [name, value] of Object.entries(headers)) raw.setHeader(name, value);
    raw.writeHead(problem.status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) });
    raw.end(body);
  }
}
