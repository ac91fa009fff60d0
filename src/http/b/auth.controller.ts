import { Body, Controller, Get, HttpStatus, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AccountService } from '../../accounts/account.service';
import { LimitPerIp } from '../shared/auth/ip-limit.guard';
import { AuthedRequest, headerOf } from '../shared/auth/request-context';
import { OptionalWalletQuery } from '../shared/dto/wallet-query.dto';
import { ApiResult } from '../shared/openapi/api-schemas';
import { WalletDto } from './dto/auth.dto';
import { NonceResponseB, presentNonce, presentTestKey, TestKeyResponseB } from './presenters/account.presenter';

const PER_IP_LIMIT = 'Too many requests from this address (Retry-After)';

/** Surface B: wallet-proof nonces. */
@ApiTags('B: auth')
@Controller('api/v1/auth')
export class ScannerAuthController {
  constructor(private readonly accounts: AccountService) {}

  @Get('nonce')
  @LimitPerIp('nonce', 'low')
  @ApiOperation({
    operationId: 'getScannerNonce',
    summary: 'A single-use nonce (5 minutes) for a Sign-In with Ethereum wallet proof',
  })
  @ApiResult(NonceResponseB)
  @ApiBadRequestResponse({ description: 'wallet is not an address' })
  @ApiTooManyRequestsResponse({ description: PER_IP_LIMIT })
  async nonce(@Query() query: OptionalWalletQuery, @Req() req: AuthedRequest): Promise<NonceResponseB> {
    return presentNonce(
      await this.accounts.nonce({ wallet: query.wallet, host: headerOf(req, 'host') ?? '', protocol: req.protocol }),
    );
  }
}

/** Surface B: test keys. */
@ApiTags('B: plans')
@Controller('api/v1')
export class TestKeyController {
  constructor(private readonly accounts: AccountService) {}

  @Post('generate-test-key')
  @LimitPerIp('test-key', 'key-issue')
  @ApiOperation({ operationId: 'generateTestKey', summary: 'A test key: 10 scans, 7 days, one live key per wallet' })
  @ApiResult(TestKeyResponseB, { status: HttpStatus.CREATED, description: 'Created' })
  @ApiBadRequestResponse({ description: 'wallet is not an address' })
  @ApiConflictResponse({ description: 'The wallet already has a live test key' })
  @ApiTooManyRequestsResponse({ description: PER_IP_LIMIT })
  async generate(@Body() body: WalletDto): Promise<TestKeyResponseB> {
    return presentTestKey(await this.accounts.generateTestKey(body.wallet));
  }
}
