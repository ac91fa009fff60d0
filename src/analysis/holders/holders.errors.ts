import { AppError } from '../../common/errors/app-error';
import type { ChainKey } from '../../config/app-config';

/** The node refused eth_getLogs even for a single block: the holder index cannot be built there. */
export class LogRangeRefusedError extends AppError {
  constructor(
    readonly chain: ChainKey,
    readonly block: number,
  ) {
    super('unavailable', `Chain ${chain}: the RPC node refuses to return Transfer logs of block ${block}`, {
      retryAfter: 60,
    });
  }
}
