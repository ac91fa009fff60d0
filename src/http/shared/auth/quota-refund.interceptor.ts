import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import { AuthedRequest } from './request-context';

/**
 * A call that fails — bad input found by the DTO pipe, an unknown token, an unreachable node — gives
 * back what metering took (its quota) before the error is answered, so only calls that produced a
 * result are counted. (Interceptors wrap the pipes, so validation failures pass through here.)
 */
@Injectable()
export class QuotaRefundInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    return next.handle().pipe(
      catchError((err: unknown) => (req.meter ? from(req.meter.refund()).pipe(mergeMap(() => throwError(() => err))) : throwError(() => err))),
    );
  }
}
