import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Sse,
  type MessageEvent,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { TokenResolver } from '../../platform/analyze/token-resolver';
import type { Tier } from '../../platform/tiers/tier-catalog';
import { TierService } from '../../platform/tiers/tier.service';
import type { WatchRecord } from '../../watches/watch.repository';
import { WatchService } from '../../watches/watch.service';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ApiResult } from '../shared/openapi/api-schemas';
import { alertFields, watchFields } from '../shared/presenters/watch';
import { WatchDocs } from '../shared/watch-docs';
import { alertEvents, streamStart } from '../shared/watch-events';
import { AlertsQueryC, CreateWatchC } from './dto/watch.dto';
import { CurrentTier, PlatformRoute } from './platform-access.guard';
import { WatchAlertsC, WatchC, WatchDeletedC, WatchListC } from './presenters/watch.presenter';

/**
 * Surface C: watches, as on A and B (an alert when a watched token's verdict changes), as bare objects.
 * Creating one is a metered call (one of the tier's daily calls); how many a key holds is its tier's limit.
 */
@ApiTags('C: watches')
@Controller()
export class PlatformWatchesController {
  constructor(
    private readonly watches: WatchService,
    private readonly tiers: TierService,
    private readonly tokens: TokenResolver,
  ) {}

  @Post('watches')
  @HttpCode(201)
  @PlatformRoute('watches')
  @WatchDocs.create('createPlatformWatch', '/v1/watches/alerts')
  @ApiResult(WatchC, { status: 201, description: 'Watched' })
  async create(
    @Body() body: CreateWatchC,
    @CurrentKey() key: ApiKeyRecord,
    @CurrentTier() tier: Tier,
  ): Promise<WatchC> {
    const { address } = await this.tokens.resolve(body.chain, body.token, 'token');
    const watch = await this.watches.create(
      key,
      { chain: body.chain, address, callbackUrl: body.callback_url },
      'C',
      this.watches.tierAllowance(tier),
    );
    return this.present(watch);
  }

  @Get('watches')
  @Authenticated('C', 'account')
  @WatchDocs.list('listPlatformWatches')
  @ApiResult(WatchListC)
  async list(@CurrentKey() key: ApiKeyRecord): Promise<WatchListC> {
    const [watches, { tier }] = await Promise.all([this.watches.list(key), this.tiers.status(key)]);
    return {
      watches: watches.map((w) => this.present(w)),
      count: watches.length,
      limit: this.watches.tierAllowance(tier).limit,
    };
  }

  @Get('watches/alerts')
  @Authenticated('C', 'account')
  @WatchDocs.alerts('listPlatformWatchAlerts')
  @ApiResult(WatchAlertsC)
  async alerts(@Query() query: AlertsQueryC, @CurrentKey() key: ApiKeyRecord): Promise<WatchAlertsC> {
    const after = BigInt(query.after ?? '0');
    const alerts = await this.watches.alerts(key, after);
    return { alerts: alerts.map(alertFields), next_after: (alerts.at(-1)?.id ?? after).toString() };
  }

  @Sse('watches/alerts/events')
  @Authenticated('C', 'account')
  @WatchDocs.stream('streamPlatformWatchAlerts', { shape: '<alert fields>', example: '{"id":"7",…}' })
  alertEvents(
    @Query() query: AlertsQueryC,
    @Headers('last-event-id') lastEventId: string | undefined,
    @CurrentKey() key: ApiKeyRecord,
  ): Observable<MessageEvent> {
    return alertEvents(this.watches, key, streamStart(lastEventId, query.after), alertFields);
  }

  @Get('watches/:id')
  @Authenticated('C', 'account')
  @WatchDocs.get('getPlatformWatch')
  @ApiResult(WatchC)
  async get(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchC> {
    return this.present(await this.watches.get(key, id));
  }

  @Delete('watches/:id')
  @Authenticated('C', 'account')
  @WatchDocs.delete('deletePlatformWatch')
  @ApiResult(WatchDeletedC)
  async delete(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchDeletedC> {
    await this.watches.delete(key, id);
    return { id, deleted: true };
  }

  private present(watch: WatchRecord): WatchC {
    return watchFields(watch, this.watches.chainIdOf(watch.chain));
  }
}
