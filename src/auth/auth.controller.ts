import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { LimitPerIp } from '../common/limits/ip-limit.guard';
import { ErrorEnvelopeA, ErrorEnvelopeB, RateLimitedEnvelopeB } from '../common/openapi-envelopes';
import { presentKeyIssuance, presentNonce, presentTestKey, presentValidation } from './account.presenters';
import { ApiKeyRecord } from './api-key.repository';
import { AccountService } from './account.service';
import { Authenticated, CurrentKey } from './authenticated.decorator';
import { KeyIssuanceResponse, KeyValidationResponse, NonceResponse, RequestKeyDto, TestKeyResponse, WalletDto } from './dto/auth.dto';
import { AuthedRequest } from './request-context';
import { OptionalWalletQuery } from './dto/wallet-query.dto';

/** Surface A: keys. */
@ApiTags('A: auth')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly accounts: AccountService) {}

  @Post('request-key')
  @LimitPerIp('request-key', 'key-issue')
  @ApiOperation({ summary: 'Issue a free key (shown once)' })
  @ApiCreatedResponse({ type: KeyIssuanceResponse })
  @ApiTooManyRequestsResponse({ type: ErrorEnvelopeA, description: 'Too many keys requested from this address' })
  async requestKey(@Body() body: RequestKeyDto): Promise<KeyIssuanceResponse> {
    return presentKeyIssuance(await this.accounts.requestFreeKey(body));
  }

  @Post('validate')
  @HttpCode(200)
  @Authenticated('A', 'account')
  @ApiOperation({ summary: 'Check that a key is valid' })
  @ApiOkResponse({ type: KeyValidationResponse })
  async validate(@CurrentKey() key: ApiKeyRecord): Promise<KeyValidationResponse> {
    return presentValidation(await this.accounts.validate(key));
  }
}

/** Surface B: wallet-proof nonces. */
@ApiTags('B: auth')
@Controller('api/v1/auth')
export class ScannerAuthController {
  constructor(private readonly accounts: AccountService) {}

  @Get('nonce')
  @LimitPerIp('nonce', 'low')
  @ApiOperation({ summary: 'A single-use nonce (5 minutes) for a Sign-In with Ethereum wallet proof' })
  @ApiOkResponse({ type: NonceResponse })
  @ApiTooManyRequestsResponse({ type: RateLimitedEnvelopeB })
  async nonce(@Query() query: OptionalWalletQuery, @Req() req: AuthedRequest): Promise<NonceResponse> {
    return presentNonce(await this.accounts.nonce({ wallet: query.wallet, host: req.header('host') ?? '', protocol: req.protocol }));
  }
}

/** Surface B: test keys. */
@ApiTags('B: plans')
@Controller('api/v1')
export class TestKeyController {
  constructor(private readonly accounts: AccountService) {}

  @Post('generate-test-key')
  @LimitPerIp('test-key', 'key-issue')
  @ApiOperation({ summary: 'A test key: 10 scans, 7 days, one live key per wallet' })
  @ApiCreatedResponse({ type: TestKeyResponse })
  @ApiConflictResponse({ type: ErrorEnvelopeB, description: 'The wallet already has a live test key' })
  @ApiTooManyRequestsResponse({ type: RateLimitedEnvelopeB })
  async generate(@Body() body: WalletDto): Promise<TestKeyResponse> {
    return presentTestKey(await this.accounts.generateTestKey(body.wallet));
  }
}
