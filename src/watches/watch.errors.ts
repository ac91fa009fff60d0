import { AppError } from '../common/errors/app-error';

/** No watch with this id for this key (another key's watch is not found either). */
export class WatchNotFoundError extends AppError {
  constructor() {
    super('not_found', 'No such watch for this key', { cCode: 'NOT_FOUND' });
  }
}

/** The key already watches this token: the existing watch is named. */
export class AlreadyWatchedError extends AppError {
  constructor(watchId: string) {
    super('conflict', 'This key already watches this token', { details: { watch_id: watchId } });
  }
}

/** The key holds as many watches as its plan allows. */
export class WatchLimitError extends AppError {
  constructor(plan: string, limit: number) {
    super('forbidden', `The ${plan} plan watches at most ${limit} token(s) at once: delete a watch or upgrade`, {
      details: { plan, limit },
    });
  }
}
