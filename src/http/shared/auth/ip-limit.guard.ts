import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LimitsService } from '../../../metering/limits.service';

const IP_LIMIT = 'limits:ip';

interface IpLimitOptions {
  name: string;
  kind: 'key-issue' | 'low';
}

/** Limits a route that takes no key per client address, and sends its X-RateLimit-* headers. */
@Injectable()
export class IpLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: LimitsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<IpLimitOptions>(IP_LIMIT, context.getHandler());
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const headers = await this.limits.admitIp(req.ip ?? 'unknown', this.limits.ipBucket(options.name, options.kind));
    const res = context.switchToHttp().getResponse<FastifyReply>();
    res.headers(headers);
    return true;
  }
}

/** `key-issue`: KEY_ISSUES_PER_IP_PER_HOUR; `low`: LOW_CLASS_RPM per minute. */
export function LimitPerIp(name: string, kind: IpLimitOptions['kind']) {
  return applyDecorators(SetMetadata(IP_LIMIT, { name, kind }), UseGuards(IpLimitGuard));
}
