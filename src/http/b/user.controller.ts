import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ProvenWallet, WalletProofRequired } from '../shared/auth/wallet-proof.guard';
import { Clock } from '../../common/clock';
import {
  CreatedKeyResponse,
  CreateKeyDto,
  RecentCallsQuery,
  RecentCallsResponse,
  UsageStatsResponse,
  WalletKeysResponse,
  WalletQuery,
  WalletStatsResponse,
} from './dto/user.dto';
import {
  presentCreatedKey,
  presentRecentCalls,
  presentUsageStats,
  presentWalletKeys,
  presentWalletStats,
} from './presenters/user.presenter';
import { UserService } from '../../accounts/user.service';

/** Surface B: /user/* (Low class). */
@ApiTags('B: user')
@ApiBadRequestResponse()
@Controller('api/v1/user')
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly clock: Clock,
  ) {}

  @Get('stats')
  @Authenticated('B', 'low')
  @ApiOperation({ summary: "The calling key's usage, from its call history" })
  @ApiOkResponse({ type: UsageStatsResponse })
  async stats(@CurrentKey() key: ApiKeyRecord): Promise<UsageStatsResponse> {
    return presentUsageStats(await this.users.stats(key));
  }

  @Get('recent-calls')
  @Authenticated('B', 'low')
  @ApiOperation({ summary: "The calling key's latest calls" })
  @ApiOkResponse({ type: RecentCallsResponse })
  async recentCalls(@CurrentKey() key: ApiKeyRecord, @Query() query: RecentCallsQuery): Promise<RecentCallsResponse> {
    return presentRecentCalls(await this.users.recentCalls(key, query.limit));
  }

  @Get('keys')
  @WalletProofRequired()
  @ApiOperation({ summary: "The proven wallet's keys (prefixes only)" })
  @ApiOkResponse({ type: WalletKeysResponse })
  async keys(@Query() _query: WalletQuery, @ProvenWallet() wallet: string): Promise<WalletKeysResponse> {
    return presentWalletKeys(wallet, await this.users.walletKeys(wallet), this.clock.now());
  }

  @Post('create-key')
  @WalletProofRequired()
  @ApiOperation({ summary: 'A further key on a plan the proven wallet holds an active purchase for' })
  @ApiCreatedResponse({ type: CreatedKeyResponse })
  @ApiForbiddenResponse({ description: 'No active purchase of that plan' })
  async createKey(@Body() body: CreateKeyDto, @ProvenWallet() wallet: string): Promise<CreatedKeyResponse> {
    return presentCreatedKey(await this.users.createKey(wallet, body.plan), this.clock.now());
  }

  @Get('wallet-stats')
  @WalletProofRequired()
  @ApiOperation({ summary: "Usage across the proven wallet's keys" })
  @ApiOkResponse({ type: WalletStatsResponse })
  async walletStats(@Query() _query: WalletQuery, @ProvenWallet() wallet: string): Promise<WalletStatsResponse> {
    return presentWalletStats(wallet, await this.users.walletUsage(wallet), this.clock.now());
  }
}
