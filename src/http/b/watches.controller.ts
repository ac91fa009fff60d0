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
import { AlertsQuery } from '../shared/dto/watch.dto';
import { CreateWatchB } from './dto/watch.dto';
import { alertBodyB, WatchAlertsB, WatchB, WatchDeletedB, WatchListB } from './presenters/watch.presenter';
import { alertFields, watchFields } from '../shared/presenters/watch';
import { alertEvents, streamStart } from '../shared/watch-events';
import { WatchDocs } from '../shared/watch-docs';

/**
 * Surface B: watches, as on surface A (an alert when a watched token's verdict changes), in B's flat
 * envelope. Creating one is a Standard call (one scan of quota); the others are Low class.
 */
@ApiTags('B: watches')
@Controller('api/v1')
export class ScannerWatchesController {
  constructor(private readonly watches: WatchService) {}

  @Post('watches')
  @HttpCode(201)
  @Authenticated('B', 'standard')
  @WatchDocs.create('createScannerWatch', '…/api/v1/watches/alerts')
  @ApiResult(WatchB, { status: 201, description: 'Watched' })
  async create(@Body() body: CreateWatchB, @CurrentKey() key: ApiKeyRecord): Promise<WatchB> {
    const watch = await this.watches.create(
      key,
      { chain: body.chain, address: body.contract_address, callbackUrl: body.callback_url },
      'B',
      this.watches.planAllowance(key),
    );
    return { success: true, ...watchFields(watch, this.chainId(watch.chain)) };
  }

  @Get('watches')
  @Authenticated('B', 'low')
  @WatchDocs.list('listScannerWatches')
  @ApiResult(WatchListB)
  async list(@CurrentKey() key: ApiKeyRecord): Promise<WatchListB> {
    const watches = await this.watches.list(key);
    return {
      success: true,
      watches: watches.map((w) => watchFields(w, this.chainId(w.chain))),
      count: watches.length,
      limit: this.watches.planAllowance(key).limit,
    };
  }

  @Get('watches/alerts')
  @Authenticated('B', 'low')
  @WatchDocs.alerts('listScannerWatchAlerts')
  @ApiResult(WatchAlertsB)
  async alerts(@Query() query: AlertsQuery, @CurrentKey() key: ApiKeyRecord): Promise<WatchAlertsB> {
    const after = BigInt(query.after ?? '0');
    const alerts = await this.watches.alerts(key, after);
    return {
      success: true,
      alerts: alerts.map(alertFields),
      next_after: (alerts.at(-1)?.id ?? after).toString(),
    };
  }

  @Sse('watches/alerts/events')
  @Authenticated('B', 'low')
  @WatchDocs.stream('streamScannerWatchAlerts', {
    shape: '{"success":true,<alert fields>}',
    example: '{"success":true,"id":"7",…}',
  })
  alertEvents(
    @Query() query: AlertsQuery,
    @Headers('last-event-id') lastEventId: string | undefined,
    @CurrentKey() key: ApiKeyRecord,
  ): Observable<MessageEvent> {
    return alertEvents(this.watches, key, streamStart(lastEventId, query.after), alertBodyB);
  }

  @Get('watches/:id')
  @Authenticated('B', 'low')
  @WatchDocs.get('getScannerWatch')
  @ApiResult(WatchB)
  async get(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchB> {
    const watch = await this.watches.get(key, id);
    return { success: true, ...watchFields(watch, this.chainId(watch.chain)) };
  }

  @Delete('watches/:id')
  @Authenticated('B', 'low')
  @WatchDocs.delete('deleteScannerWatch')
  @ApiResult(WatchDeletedB)
  async delete(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchDeletedB> {
    await this.watches.delete(key, id);
    return { success: true, id, deleted: true };
  }

  private chainId(chain: string): number {
    return this.watches.chainIdOf(chain);
  }
}
