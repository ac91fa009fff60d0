import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccountService } from '../../accounts/account.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { LimitPerIp } from '../shared/auth/ip-limit.guard';
import { type AuthedRequest, headerOf } from '../shared/auth/request-context';
import { OptionalWalletQuery } from '../shared/dto/wallet-query.dto';
import { ApiResult } from '../shared/openapi/api-schemas';
import { nonceFields } from '../shared/presenters/account-fields';
import { SignupDto } from './dto/account.dto';
import { tierTable } from '../../platform/tiers/tier-catalog';
import { AccountC, presentAccount, presentSignup, SignupC, SignupNonceC } from './presenters/account.presenter';
import { PlatformAccountService } from '../../platform/account/platform-account.service';

/** Surface C: sign-up, wallet-proof nonces and the key's tier. */
@ApiTags('C: auth')
@ApiServiceUnavailableResponse({ description: 'UPSTREAM_UNAVAILABLE: the staking chain cannot be read (retry)' })
@Controller()
export class PlatformAuthController {
  constructor(
    private readonly platform: PlatformAccountService,
    private readonly accounts: AccountService,
  ) {}

  @Post('auth/signup')
  @ApiOperation({
    operationId: 'signUp',
    summary: 'Sign up: a key (shown once), optionally bound to a wallet whose stake sets the tier',
    description: `Tiers by stake: ${tierTable()}. Without a wallet the key is Free.`,
  })
  @ApiHeader({
    name: 'X-Wallet-Message',
    required: false,
    description: 'SIWE message (base64) from GET /v1/auth/nonce; required with `wallet`',
  })
  @ApiHeader({
    name: 'X-Wallet-Signature',
    required: false,
    description: "The wallet's signature of that message (0x-hex)",
  })
  @ApiResult(SignupC, { status: 201, description: 'The key and its account' })
  @ApiBadRequestResponse({ description: 'VALIDATION_ERROR: bad email or wallet' })
  @ApiUnauthorizedResponse({ description: 'INVALID_WALLET_PROOF: missing, invalid, replayed or foreign wallet proof' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT_EXCEEDED: too many sign-ups from this address' })
  async signup(@Body() body: SignupDto, @Req() req: AuthedRequest): Promise<SignupC> {
    const { issued, status } = await this.platform.signup({
      email: body.email,
      wallet: body.wallet,
      proof: { messageB64: headerOf(req, 'x-wallet-message'), signature: headerOf(req, 'x-wallet-signature') },
      host: headerOf(req, 'host') ?? '',
      ip: req.ip ?? 'unknown',
    });
    return presentSignup(issued.apiKey, issued.record, status);
  }

  @Get('auth/nonce')
  @LimitPerIp('nonce', 'low')
  @ApiOperation({
    operationId: 'getSignupNonce',
    summary: 'A single-use nonce (5 minutes) for the SIWE wallet proof of a sign-up',
  })
  @ApiResult(SignupNonceC)
  @ApiBadRequestResponse({ description: 'VALIDATION_ERROR: `wallet` is not an address' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT_EXCEEDED: too many nonces asked from this address' })
  async nonce(@Query() query: OptionalWalletQuery, @Req() req: AuthedRequest): Promise<SignupNonceC> {
    return nonceFields(
      await this.accounts.nonce({ wallet: query.wallet, host: headerOf(req, 'host') ?? '', protocol: req.protocol }),
    );
  }

  @Get('account')
  @Authenticated('C', 'account')
  @ApiOperation({
    operationId: 'getAccount',
    summary: "The key's tier, its wallet's stake (read now) and today's calls; not metered",
  })
  @ApiResult(AccountC)
  async account(@CurrentKey() key: ApiKeyRecord): Promise<AccountC> {
    const status = await this.platform.status(key);
    return presentAccount(key, status, await this.platform.usedToday(status));
  }
}
