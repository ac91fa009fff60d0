import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiPaymentRequiredResponse,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { SECURITY_A, SECURITY_BEARER } from '../openapi/document';
import { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { ApiKeyGuard } from './api-key.guard';
import { AUTH_OPTIONS, AUTH_SURFACE, type AuthOptions } from './auth-options';
import { AuthedRequest } from './request-context';

/**
 * Rate-limit classes: `standard` (plan's per-minute limit, takes quota), `low` (B's user endpoints:
 * 30/min per key, no quota), `account` (plan's per-minute limit, no quota).
 */
export type RouteClass = 'standard' | 'low' | 'account';

const CLASSES: Record<RouteClass, AuthOptions> = {
  standard: { limit: 'plan', quota: true },
  low: { limit: 'low', quota: false },
  account: { limit: 'plan', quota: false },
};

/** A route that needs a key: the surface decides where the key travels and how errors look. */
export function Authenticated(surface: 'A' | 'B' | 'C', routeClass: RouteClass = 'standard') {
  return applyDecorators(
    SetMetadata(AUTH_OPTIONS, CLASSES[routeClass]),
    SetMetadata(AUTH_SURFACE, surface),
    UseGuards(ApiKeyGuard),
    surface === 'A' ? ApiSecurity(SECURITY_A) : ApiBearerAuth(SECURITY_BEARER),
    ApiUnauthorizedResponse({ description: 'Missing, unknown, revoked or expired key' }),
    ApiTooManyRequestsResponse({
      description: 'Rate limit exceeded (Retry-After, X-RateLimit-Remaining, X-RateLimit-Reset)',
    }),
    ...(CLASSES[routeClass].quota ? [ApiPaymentRequiredResponse({ description: "A test key's scans are spent" })] : []),
  );
}

/** The authenticated key of the request. */
export const CurrentKey = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): ApiKeyRecord => ctx.switchToHttp().getRequest<AuthedRequest>().apiKey!,
);
