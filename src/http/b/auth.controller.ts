import { NonceResponse } from '../shared/dto/nonce.dto';
import { TestKeyResponse, WalletDto } from './dto/auth.dto';
import { presentNonce, presentTestKey } from './presenters/account.presenter';
import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { AccountService } from '../../accounts/account.service';


import { LimitPerIp } from '../shared/auth/ip-limit.guard';
import { AuthedRequest } from '../shared/auth/request-context';
import { OptionalWalletQuery } from '../shared/dto/wallet-query.dto';

/** Surface B: wallet-proof nonces. */
@ApiTags('B: auth')
@Controller('api/v1/auth')
export class ScannerAuthController {
  constructor(private readonly accounts: AccountService) {}

  @Get('nonce')
  @LimitPerIp('nonce', 'low')
  @ApiOperation({ summary: 'A single-use nonce (5 minutes) for a Sign-In with Ethereum wallet proof' })
  @ApiOkResponse({ type: NonceResponse })
  @ApiTooManyRequestsResponse()
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
  @ApiConflictResponse({ description: 'The wallet already has a live test key' })
  @ApiTooManyRequestsResponse()
  async generate(@Body() body: WalletDto): Promise<TestKeyResponse> {
    return presentTestKey(await this.accounts.generateTestKey(body.wallet));
  }
}
