import { nonceFields } from '../shared/presenters/account-fields';

import { LimitPerIp } from '../shared/auth/ip-limit.guard';
import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccountService } from '../../accounts/account.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { OptionalWalletQuery } from '../shared/dto/wallet-query.dto';
import type { AuthedRequest } from '../shared/auth/request-context';
import { AccountResponse, PlatformNonceResponse, SignupDto, SignupResponse } from './dto/account.dto';
import { tierTable } from '../../platform/tiers/tier-catalog';
import { presentAccount, presentSignup } from './presenters/account.presenter';
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
    summary: 'Sign up: a key (shown once), optionally bound to a wallet whose stake sets the tier',
    description: `Tiers by stake: ${tierTable()}. Without a wallet the key is Free.`,
  })
  @ApiHeader({ name: 'X-Wallet-Message', required: false, description: 'SIWE message (base64) from GET /v1/auth/nonce; required with `wallet`' })
  @ApiHeader({ name: 'X-Wallet-Signature', required: false, description: "The wallet's signature of that message (0x-hex)" })
  @ApiCreatedResponse({ type: SignupResponse })
  @ApiBadRequestResponse({ description: 'VALIDATION_ERROR: bad email or wallet' })
  @ApiUnauthorizedResponse({ description: 'INVALID_WALLET_PROOF: missing, invalid, replayed or foreign wallet proof' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT_EXCEEDED: too many sign-ups from this address' })
  async signup(@Body() body: SignupDto, @Req() req: AuthedRequest): Promise<SignupResponse> {
    const { issued, status } = await this.platform.signup({
      email: body.email,
      wallet: body.wallet,
      proof: { messageB64: req.header('x-wallet-message'), signature: req.header('x-wallet-signature') },
      host: req.header('host') ?? '',
      ip: req.ip ?? 'unknown',
    });
    return presentSignup(issued.apiKey, issued.record, status);
  }

  @Get('auth/nonce')
  @LimitPerIp('nonce', 'low')
  @ApiOperation({ summary: 'A single-use nonce (5 minutes) for the SIWE wallet proof of a sign-up' })
  @ApiOkResponse({ type: PlatformNonceResponse })
  @ApiBadRequestResponse()
  @ApiTooManyRequestsResponse()
  async nonce(@Query() query: OptionalWalletQuery, @Req() req: AuthedRequest): Promise<PlatformNonceResponse> {
    return nonceFields(await this.accounts.nonce({ wallet: query.wallet, host: req.header('host') ?? '', protocol: req.protocol }));
  }

  @Get('account')
  @Authenticated('C', 'account')
  @ApiOperation({ summary: "The key's tier, its wallet's stake (read now) and today's calls; not metered" })
  @ApiOkResponse({ type: AccountResponse })
  async account(@CurrentKey() key: ApiKeyRecord): Promise<AccountResponse> {
    const status = await this.platform.status(key);
    return presentAccount(key, status, await this.platform.usedToday(status));
  }
}
