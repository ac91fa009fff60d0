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
import { WatchService } from '../../watches/watch.service';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ApiResult } from '../shared/openapi/api-schemas';
import { AlertsQueryA, CreateWatchDto } from './dto/watch.dto';
import { alertBodyA, WatchA, WatchAlertsA, WatchDeletedA, WatchListA } from './presenters/watch.presenter';
import { alertEvents, streamStart } from '../shared/watch-events';
import { WatchDocs } from '../shared/watch-docs';
import { alertFields, watchFields } from '../shared/presenters/watch';

/** Surface A: watches, an alert when a watched token's verdict changes (issue 33). */
@ApiTags('A: watches')
@Controller('api/v1')
export class WatchesController {
  constructor(private readonly watches: WatchService) {}

  @Post('watches')
  @HttpCode(201)
  @Authenticated('A', 'standard')
  @WatchDocs.create('createWatch', '/api/v1/watches/alerts')
  @ApiResult(WatchA, { status: 201, description: 'Watched' })
  async create(@Body() body: CreateWatchDto, @CurrentKey() key: ApiKeyRecord): Promise<WatchA> {
    const watch = await this.watches.create(
      key,
      { chain: body.chain, address: body.contract_address, callbackUrl: body.callback_url },
      'A',
      this.watches.planAllowance(key),
    );
    return { success: true, data: watchFields(watch, this.chainId(watch.chain)) };
  }

  @Get('watches')
  @Authenticated('A', 'account')
  @WatchDocs.list('listWatches')
  @ApiResult(WatchListA)
  async list(@CurrentKey() key: ApiKeyRecord): Promise<WatchListA> {
    const watches = await this.watches.list(key);
    return {
      success: true,
      data: {
        watches: watches.map((w) => watchFields(w, this.chainId(w.chain))),
        count: watches.length,
        limit: this.watches.planAllowance(key).limit,
      },
    };
  }

  @Get('watches/alerts')
  @Authenticated('A', 'account')
  @WatchDocs.alerts('listWatchAlerts')
  @ApiResult(WatchAlertsA)
  async alerts(@Query() query: AlertsQueryA, @CurrentKey() key: ApiKeyRecord): Promise<WatchAlertsA> {
    const after = BigInt(query.after ?? '0');
    const alerts = await this.watches.alerts(key, after);
    return {
      success: true,
      data: { alerts: alerts.map(alertFields), next_after: (alerts.at(-1)?.id ?? after).toString() },
    };
  }

  @Sse('watches/alerts/events')
  @Authenticated('A', 'account')
  @WatchDocs.stream('streamWatchAlerts', {
    shape: '{"success":true,"data":<alert>}',
    example: '{"success":true,"data":{…}}',
  })
  alertEvents(
    @Query() query: AlertsQueryA,
    @Headers('last-event-id') lastEventId: string | undefined,
    @CurrentKey() key: ApiKeyRecord,
  ): Observable<MessageEvent> {
    return alertEvents(this.watches, key, streamStart(lastEventId, query.after), alertBodyA);
  }

  @Get('watches/:id')
  @Authenticated('A', 'account')
  @WatchDocs.get('getWatch')
  @ApiResult(WatchA)
  async get(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchA> {
    const watch = await this.watches.get(key, id);
    return { success: true, data: watchFields(watch, this.chainId(watch.chain)) };
  }

  @Delete('watches/:id')
  @Authenticated('A', 'account')
  @WatchDocs.delete('deleteWatch')
  @ApiResult(WatchDeletedA)
  async delete(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchDeletedA> {
    await this.watches.delete(key, id);
    return { success: true, data: { id, deleted: true } };
  }

  private chainId(chain: string): number {
    return this.watches.chainIdOf(chain);
  }
}
