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

/** How many tokens a key may watch at once, and what sets it: its plan (A, B) or its tier (C). */
export interface WatchAllowance {
  limit: number | null;
  /** `plan` or `tier`, and its name: named in a refusal. */
  by: { plan: string } | { tier: string };
}

/** The key holds as many watches as its plan (or tier) allows. */
export class WatchLimitError extends AppError {
  constructor(allowance: WatchAllowance & { limit: number }) {
    const [[by, name]] = Object.entries(allowance.by);
    super(
      'forbidden',
      `The ${name} ${by} watches at most ${allowance.limit} token(s) at once: delete a watch or ${by === 'tier' ? 'stake more' : 'upgrade'}`,
      { cCode: 'WATCH_LIMIT_REACHED', details: { ...allowance.by, limit: allowance.limit } },
    );
  }
}
