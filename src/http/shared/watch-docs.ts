import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
} from '@nestjs/swagger';
import { alertEventsDoc } from './watch-events';

const WATCH_ID = { name: 'id', description: 'The watch id', example: '0b6f5f0e-3c1a-4f7e-9a57-2f1d1b1c9e42' };
const BAD_AFTER = ApiBadRequestResponse({ description: 'Invalid after' });
const NO_SUCH_WATCH = ApiNotFoundResponse({ description: 'No such watch for this key' });

/** The OpenAPI description of each watch operation, the same on every surface (A, B, C). */
export const WatchDocs = {
  create: (operationId: string, alertsPath: string) =>
    applyDecorators(
      ApiOperation({
        operationId,
        summary: 'Watch a token: an alert each time its verdict changes',
        description: `Scans the token now (one quota call) and keeps its verdict; the watcher then follows the chain's new blocks and, when something that can change the verdict happens (an owner power used, ownership or logic changed, liquidity removed or LP burned, the creator or a large holder selling), scans it again and records an alert if the verdict changed. Read alerts at GET ${alertsPath} or as server-sent events.`,
      }),
      ApiBadRequestResponse({ description: 'Invalid token address, chain or callback_url' }),
      ApiNotFoundResponse({ description: 'Token not found or not supported' }),
      ApiConflictResponse({ description: 'This key already watches this token (details.watch_id)' }),
      ApiForbiddenResponse({ description: "The watch limit of the key's plan (on C: its tier) is reached" }),
    ),
  list: (operationId: string) =>
    ApiOperation({ operationId, summary: "This key's watches and its limit (its plan's; on C its tier's)" }),
  alerts: (operationId: string) =>
    applyDecorators(
      ApiOperation({
        operationId,
        summary: "This key's alerts, oldest first, 100 at a time: read on with ?after=<next_after>",
      }),
      BAD_AFTER,
    ),
  stream: (operationId: string, data: { shape: string; example: string }) =>
    applyDecorators(
      ApiOperation({
        operationId,
        summary: "This key's alerts as server-sent events, as they are recorded",
        description: `Each event is named \`alert\`, its id the alert id and its data \`${data.shape}\`. Reconnect with the Last-Event-ID header (or ?after=) to go on from the last alert received.`,
      }),
      ApiResponse(alertEventsDoc(data.example)),
      BAD_AFTER,
    ),
  get: (operationId: string) =>
    applyDecorators(
      ApiOperation({ operationId, summary: 'One watch and the verdict it compares against' }),
      ApiParam(WATCH_ID),
      NO_SUCH_WATCH,
    ),
  delete: (operationId: string) =>
    applyDecorators(
      ApiOperation({ operationId, summary: 'Stop watching (its alerts go with it)' }),
      ApiParam(WATCH_ID),
      NO_SUCH_WATCH,
    ),
};
