import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiForbiddenResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Authenticated } from '../shared/auth/authenticated.decorator';
import type { AuthedRequest, HttpReply } from '../shared/auth/request-context';
import { ENDPOINT_TIERS, TIERS, type PlatformEndpoint, type Tier } from '../../platform/tiers/tier-catalog';
import { TierService } from '../../platform/tiers/tier.service';

const PLATFORM_ENDPOINT = 'platform:endpoint';

type AdmittedRequest = AuthedRequest & { tier?: Tier };

/** The tier a metered C route's call was admitted under (PlatformRoute), read once by its guard. */
export const CurrentTier = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Tier => ctx.switchToHttp().getRequest<AdmittedRequest>().tier!,
);

/**
 * Runs after ApiKeyGuard (which found the key and applied the per-minute limit): checks that the
 * key's tier opens the endpoint, then takes one call from the tier's daily limit.
 */
@Injectable()
export class PlatformAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tiers: TierService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const endpoint = this.reflector.get<PlatformEndpoint>(PLATFORM_ENDPOINT, context.getHandler());
    const req = context.switchToHttp().getRequest<AdmittedRequest>();
    const res = context.switchToHttp().getResponse<HttpReply>();
    const admission = await this.tiers.admit(req.apiKey!, endpoint);
    req.tier = admission.tier;
    res.header('X-Tier', admission.tier.name);
    res.header('X-DailyLimit-Remaining', admission.remaining === null ? 'unlimited' : String(admission.remaining));
    res.header('X-DailyLimit-Reset', String(Math.floor(admission.resetsAt.getTime() / 1000)));
    return true;
  }
}

/**
 * A metered surface C route: the bearer key (per-minute limit of its plan, no monthly quota), then
 * the tier check and the daily limit. Guard order matters: the key must be known first.
 */
export function PlatformRoute(endpoint: PlatformEndpoint) {
  const tier = TIERS[ENDPOINT_TIERS[endpoint]];
  return applyDecorators(
    SetMetadata(PLATFORM_ENDPOINT, endpoint),
    Authenticated('C', 'account'),
    UseGuards(PlatformAccessGuard),
    ApiForbiddenResponse({
      description: `INSUFFICIENT_TIER: needs the ${tier.label} tier (stake ≥ ${tier.minStake.toLocaleString('en-US')} service tokens)`,
    }),
    ApiTooManyRequestsResponse({
      description:
        "RATE_LIMIT_EXCEEDED: the key's per-minute limit or the tier's daily limit (Retry-After; daily limits reset at 00:00 UTC)",
    }),
  );
}
