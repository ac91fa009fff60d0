import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { performance } from 'node:perf_hooks';
import { MeteringService } from '../../../metering/metering.service';
import { Surface, surfaceOfRequest } from '../surface';
import { AppConfig, CHAIN_KEYS } from '../../../config/app-config';
import { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { ApiKeyService } from '../../../accounts/api-key.service';
import { MissingApiKeyError, TestKeyOnPlatformError } from '../../../accounts/account.errors';
import { AUTH_OPTIONS, AuthOptions } from './auth-options';
import { CallRecorder } from '../../../accounts/call-log/call-recorder';
import { AuthedRequest, headerOf, HttpReply, pathOf } from './request-context';
import { REQUEST_DATABASE_WAIT_MS, withinDatabaseWait } from '../../../common/errors/unavailable';

/** The status a call is recorded with when its client closed the connection before the answer (nginx's 499). */
const CLIENT_CLOSED_REQUEST = 499;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Runs, in this order: find the key (401 when missing, unknown, revoked or expired) → start recording
 * the call → metering: one call from the quota (Standard class), per-key and global rate limits and
 * the concurrency slot. What the call took is on `req.meter`, whose refund() gives it back.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyService,
    private readonly meter: MeteringService,
    private readonly recorder: CallRecorder,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<AuthOptions>(AUTH_OPTIONS, context.getHandler());
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const res = context.switchToHttp().getResponse<HttpReply>();
    const surface = surfaceOfRequest(req, this.config.scannerBasePath);
    // The key and the quota are read from PostgreSQL: a database that stops answering costs a call a bounded wait, then a 503.
    const until = Date.now() + REQUEST_DATABASE_WAIT_MS;
    const key = await withinDatabaseWait(this.keys.authenticate(this.presentedKey(req, surface)), until);
    if (surface === 'C' && key.plan === 'test') throw new TestKeyOnPlatformError();
    // The request logger reads the Node request: the key's prefix goes on it too.
    req.apiKey = req.raw.apiKey = key;
    this.recordWhenDone(req, res, key, surface);

    // Calls read in one turn of the event loop are admitted in the next one, together: under load each
    // stage of the pipeline then runs for a group of calls in a row, as when they wait on the quota
    // statement. Measured: +50 % cached scans/s for a key without a quota (bench/RESULTS.md); idle, a turn costs microseconds.
    await new Promise((resolve) => setImmediate(resolve));
    const admitting = this.meter.admitKeyCall({
      key,
      takesQuota: options.quota,
      limit: options.limit,
      scannerWide: surface === 'B',
    });
    // Admitted after the call was answered 503: what it took goes back.
    const ticket = await withinDatabaseWait(
      admitting,
      until,
      (late) => void late.refund().finally(() => late.release()),
    );
    req.meter = ticket;
    res.headers(ticket.headers);
    res.raw.once('close', () => void ticket.release());
    return true;
  }

  private presentedKey(req: AuthedRequest, surface: Surface): string {
    if (surface === 'A') {
      const key = headerOf(req, 'x-service-api-key')?.trim();
      if (!key) throw new MissingApiKeyError('the X-Service-API-Key header');
      return key;
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(headerOf(req, 'authorization') ?? '');
    if (!match) throw new MissingApiKeyError('the Authorization header as "Bearer <key>"');
    return match[1];
  }

  private recordWhenDone(req: AuthedRequest, res: HttpReply, key: ApiKeyRecord, surface: Surface): void {
    const startedAt = req.raw.startedAt ?? performance.now();
    // On 'close', not 'finish': a call whose client went away before the answer was written took its quota
    // too, and is recorded as 499 (client closed request), so the call history and the quota agree.
    res.raw.once('close', () => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const address = [body.contract_address, (req.params as { address?: unknown } | undefined)?.address].find(
        (a) => typeof a === 'string' && ADDRESS.test(a),
      );
      const chain = [body.chain, (req.query as { chain?: unknown } | undefined)?.chain].find(
        (c) => typeof c === 'string' && (CHAIN_KEYS as readonly string[]).includes(c),
      );
      this.recorder.record({
        keyId: key.id,
        surface,
        method: req.method,
        endpoint: req.routeOptions.url ?? pathOf(req),
        status: res.raw.writableFinished ? res.raw.statusCode : CLIENT_CLOSED_REQUEST,
        latencyMs: Math.round(performance.now() - startedAt),
        chain: chain as string | undefined,
        address: (address as string | undefined)?.toLowerCase(),
        at: new Date(),
      });
    });
  }
}
