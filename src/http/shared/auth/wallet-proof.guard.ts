import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiHeader, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { LimitsService } from '../../../metering/limits.service';
import { AppConfig } from '../../../config/app-config';
import { AuthedRequest, headerOf, HttpReply } from './request-context';
import { WalletProofError, WalletProofService } from '../../../accounts/wallet-proof/wallet-proof.service';

/**
 * Admits a request that proves control of a wallet; a `wallet` named in the query or body must be the
 * proven one. Limited per client IP like B's Low class.
 */
@Injectable()
export class WalletProofGuard implements CanActivate {
  constructor(
    private readonly proofs: WalletProofService,
    private readonly limits: LimitsService,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const limit = await this.limits.admitIp(req.ip ?? 'unknown', this.limits.ipBucket('wallet', 'low'));
    const res = context.switchToHttp().getResponse<HttpReply>();
    res.headers(limit);
    const wallet = await this.proofs.verify({
      messageB64: headerOf(req, 'x-wallet-message'),
      signature: headerOf(req, 'x-wallet-signature'),
      domain: this.config.siweDomain ?? headerOf(req, 'host') ?? '',
    });
    const named = ((req.query as { wallet?: unknown } | undefined)?.wallet ??
      (req.body as { wallet?: unknown } | undefined)?.wallet) as unknown;
    if (typeof named === 'string' && named.toLowerCase() !== wallet) {
      throw new WalletProofError('the proof is for another wallet');
    }
    req.provenWallet = wallet;
    return true;
  }
}

/** A route that acts on a wallet only for a caller who proves control of it. */
export function WalletProofRequired() {
  return applyDecorators(
    UseGuards(WalletProofGuard),
    ApiHeader({
      name: 'X-Wallet-Message',
      required: true,
      description: 'SIWE (EIP-4361) message from GET /auth/nonce, base64-encoded',
    }),
    ApiHeader({
      name: 'X-Wallet-Signature',
      required: true,
      description: "The wallet's signature of that message (0x-hex)",
    }),
    ApiUnauthorizedResponse({ description: 'Missing, invalid, replayed or foreign wallet proof' }),
    ApiTooManyRequestsResponse({ description: 'Too many wallet-proof requests from this address (Retry-After)' }),
  );
}

/** The wallet the caller proved (lowercase). */
export const ProvenWallet = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string => ctx.switchToHttp().getRequest<AuthedRequest>().provenWallet!,
);
