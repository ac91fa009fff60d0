import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import { ApiKeyService } from '../../../accounts/api-key.service';
import { AuthedRequest } from './request-context';

/**
 * A call that fails — bad input found by the DTO pipe, an unknown token, an unreachable node — gives
 * its quota back before the error is answered, so only calls that produced a result are counted.
 * (Interceptors wrap the pipes, so validation failures pass through here.)
 */
@Injectable()
export class QuotaRefundInterceptor implements NestInterceptor {
  constructor(private readonly keys: ApiKeyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (!req.apiKey || req.quotaRemaining === undefined || req.quotaRemaining === null) return throwError(() => err);
        const key = req.apiKey;
        req.quotaRemaining = undefined;
        return from(this.keys.refundQuota(key)).pipe(mergeMap(() => throwError(() => err)));
      }),
    );
  }
}
