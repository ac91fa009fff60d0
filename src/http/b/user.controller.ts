import { Body, Controller, Get, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRecord } from '../../accounts/api-key.repository';
import { UserService } from '../../accounts/user.service';
import { Clock } from '../../common/clock';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ProvenWallet, WalletProofRequired } from '../shared/auth/wallet-proof.guard';
import { ApiResult } from '../shared/openapi/api-schemas';
import { CreateKeyDto, RecentCallsQuery, WalletQuery } from './dto/user.dto';
import {
  CreatedKeyResponseB,
  presentCreatedKey,
  presentRecentCalls,
  presentUsageStats,
  presentWalletKeys,
  presentWalletStats,
  RecentCallsResponseB,
  UsageStatsResponseB,
  WalletKeysResponseB,
  WalletStatsResponseB,
} from './presenters/user.presenter';

/** Surface B: /user/* (Low class). */
@ApiTags('B: user')
@Controller('api/v1/user')
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly clock: Clock,
  ) {}

  @Get('stats')
  @Authenticated('B', 'low')
  @ApiOperation({ operationId: 'getUsageStats', summary: "The calling key's usage, from its call history" })
  @ApiResult(UsageStatsResponseB)
  async stats(@CurrentKey() key: ApiKeyRecord): Promise<UsageStatsResponseB> {
    return presentUsageStats(await this.users.stats(key));
  }

  @Get('recent-calls')
  @Authenticated('B', 'low')
  @ApiOperation({ operationId: 'getRecentCalls', summary: "The calling key's latest calls" })
  @ApiResult(RecentCallsResponseB)
  @ApiBadRequestResponse({ description: 'limit is not an integer from 1 to 50' })
  async recentCalls(@CurrentKey() key: ApiKeyRecord, @Query() query: RecentCallsQuery): Promise<RecentCallsResponseB> {
    return presentRecentCalls(await this.users.recentCalls(key, query.limit));
  }

  @Get('keys')
  @WalletProofRequired()
  @ApiOperation({ operationId: 'listWalletKeys', summary: "The proven wallet's keys (prefixes only)" })
  @ApiResult(WalletKeysResponseB)
  @ApiBadRequestResponse({ description: 'wallet is missing or not an address' })
  async keys(@Query() _query: WalletQuery, @ProvenWallet() wallet: string): Promise<WalletKeysResponseB> {
    return presentWalletKeys(wallet, await this.users.walletKeys(wallet), this.clock.now());
  }

  @Post('create-key')
  @WalletProofRequired()
  @ApiOperation({
    operationId: 'createWalletKey',
    summary: 'A further key on a plan the proven wallet holds an active purchase for',
  })
  @ApiResult(CreatedKeyResponseB, { status: HttpStatus.CREATED, description: 'Created' })
  @ApiBadRequestResponse({ description: 'wallet or plan invalid' })
  @ApiForbiddenResponse({ description: 'No active purchase of that plan' })
  async createKey(@Body() body: CreateKeyDto, @ProvenWallet() wallet: string): Promise<CreatedKeyResponseB> {
    return presentCreatedKey(await this.users.createKey(wallet, body.plan), this.clock.now());
  }

  @Get('wallet-stats')
  @WalletProofRequired()
  @ApiOperation({ operationId: 'getWalletUsageStats', summary: "Usage across the proven wallet's keys" })
  @ApiResult(WalletStatsResponseB)
  @ApiBadRequestResponse({ description: 'wallet is missing or not an address' })
  async walletStats(@Query() _query: WalletQuery, @ProvenWallet() wallet: string): Promise<WalletStatsResponseB> {
    return presentWalletStats(wallet, await this.users.walletUsage(wallet), this.clock.now());
  }
}
