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
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { WatchService } from '../../watches/watch.service';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ApiResult } from '../shared/openapi/api-schemas';
import { AlertsQuery } from '../shared/dto/watch.dto';
import { CreateWatchB } from './dto/watch.dto';
import { alertBodyB, WatchAlertsB, WatchB, WatchDeletedB, WatchListB } from './presenters/watch.presenter';
import { watchFields } from '../shared/presenters/watch';
import { alertEvents, alertEventsDoc, streamStart } from '../shared/watch-events';

const WATCH_ID = { name: 'id', description: 'The watch id', example: '0b6f5f0e-3c1a-4f7e-9a57-2f1d1b1c9e42' };

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
  @ApiOperation({
    operationId: 'createScannerWatch',
    summary: 'Watch a token: an alert each time its verdict changes',
    description:
      "Scans the token now (one quota call) and keeps its verdict; the watcher then follows the chain's new blocks and, when something that can change the verdict happens (an owner power used, ownership or logic changed, liquidity removed or LP burned, the creator or a large holder selling), scans it again and records an alert if the verdict changed. Read alerts at GET …/api/v1/watches/alerts or as server-sent events.",
  })
  @ApiResult(WatchB, { status: 201, description: 'Watched' })
  @ApiBadRequestResponse({ description: 'Invalid contract address, chain or callback_url' })
  @ApiNotFoundResponse({ description: 'Token not found or not supported' })
  @ApiConflictResponse({ description: 'This key already watches this token (details.watch_id)' })
  @ApiForbiddenResponse({ description: "The plan's watch limit is reached" })
  async create(@Body() body: CreateWatchB, @CurrentKey() key: ApiKeyRecord): Promise<WatchB> {
    const watch = await this.watches.create(
      key,
      { chain: body.chain, address: body.contract_address, callbackUrl: body.callback_url },
      'B',
    );
    return { success: true, ...watchFields(watch, this.chainId(watch.chain)) };
  }

  @Get('watches')
  @Authenticated('B', 'low')
  @ApiOperation({ operationId: 'listScannerWatches', summary: "This key's watches and its plan's limit" })
  @ApiResult(WatchListB)
  async list(@CurrentKey() key: ApiKeyRecord): Promise<WatchListB> {
    const watches = await this.watches.list(key);
    return {
      success: true,
      watches: watches.map((w) => watchFields(w, this.chainId(w.chain))),
      count: watches.length,
      limit: this.watches.limitOf(key),
    };
  }

  @Get('watches/alerts')
  @Authenticated('B', 'low')
  @ApiOperation({
    operationId: 'listScannerWatchAlerts',
    summary: "This key's alerts, oldest first, 100 at a time: read on with ?after=<next_after>",
  })
  @ApiResult(WatchAlertsB)
  @ApiBadRequestResponse({ description: 'Invalid after' })
  async alerts(@Query() query: AlertsQuery, @CurrentKey() key: ApiKeyRecord): Promise<WatchAlertsB> {
    const after = BigInt(query.after ?? '0');
    const alerts = await this.watches.alerts(key, after);
    return {
      success: true,
      alerts: alerts.map((a) => {
        const { success: _ok, ...fields } = alertBodyB(a);
        return fields;
      }),
      next_after: (alerts.at(-1)?.id ?? after).toString(),
    };
  }

  @Sse('watches/alerts/events')
  @Authenticated('B', 'low')
  @ApiOperation({
    operationId: 'streamScannerWatchAlerts',
    summary: "This key's alerts as server-sent events, as they are recorded",
    description:
      'Each event is named `alert`, its id the alert id and its data `{"success":true,<alert fields>}`. Reconnect with the Last-Event-ID header (or ?after=) to go on from the last alert received.',
  })
  @ApiResponse(alertEventsDoc('{"success":true,"id":"7",…}'))
  @ApiBadRequestResponse({ description: 'Invalid after' })
  alertEvents(
    @Query() query: AlertsQuery,
    @Headers('last-event-id') lastEventId: string | undefined,
    @CurrentKey() key: ApiKeyRecord,
  ): Observable<MessageEvent> {
    return alertEvents(this.watches, key, streamStart(lastEventId, query.after), alertBodyB);
  }

  @Get('watches/:id')
  @Authenticated('B', 'low')
  @ApiOperation({ operationId: 'getScannerWatch', summary: 'One watch and the verdict it compares against' })
  @ApiParam(WATCH_ID)
  @ApiResult(WatchB)
  @ApiNotFoundResponse({ description: 'No such watch for this key' })
  async get(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchB> {
    const watch = await this.watches.get(key, id);
    return { success: true, ...watchFields(watch, this.chainId(watch.chain)) };
  }

  @Delete('watches/:id')
  @Authenticated('B', 'low')
  @ApiOperation({ operationId: 'deleteScannerWatch', summary: 'Stop watching (its alerts go with it)' })
  @ApiParam(WATCH_ID)
  @ApiResult(WatchDeletedB)
  @ApiNotFoundResponse({ description: 'No such watch for this key' })
  async delete(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<WatchDeletedB> {
    await this.watches.delete(key, id);
    return { success: true, id, deleted: true };
  }

  private chainId(chain: string): number {
    return this.watches.chainIdOf(chain);
  }
}
