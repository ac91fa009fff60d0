/** A key as metering sees it (the accounts domain's records satisfy it). */
export interface MeteredKey {
  id: string;
  /** Calls per period; null = no quota (nothing is counted). */
  quotaLimit: number | null;
  rateLimitPerMinute: number;
}

/**
 * A key's quota of calls, kept with the key: the accounts domain implements it, since api_keys is
 * its table. `take` takes one call exactly once under concurrency or throws why it cannot (402 when
 * nothing will refill it, 429 until the reset).
 */
export abstract class QuotaCounter {
  /**
   * Remaining calls after this one; null when the key has no quota. With `callId`, the call is taken
   * under that id, and giveBack with the same id gives it back exactly once (see giveBack).
   */
  abstract take(key: MeteredKey, callId?: string): Promise<number | null>;
  /** Takes as many of `wanted` calls as are left (at least one, or it throws why not); all of them without a quota. */
  abstract takeUpTo(key: MeteredKey, wanted: number): Promise<number>;
  /**
   * Gives back calls that produced no result. With the calls' ids it is exact whatever happened to
   * their take (made, failed, or still on its way to the database) and is retried until the database
   * answers; the promise settles once the first attempt did, or soon after if the database does not answer.
   */
  abstract giveBack(key: MeteredKey, calls?: number, callIds?: readonly string[]): Promise<void>;
}

/**
 * Calls per subject per day (surface C's tiers): the platform domain implements it over its table.
 * One statement: a refused call never passes the limit, however many arrive at once.
 */
export abstract class DailyCounter {
  /** The day's count after this call, or null when `limit` was already reached. */
  abstract take(subject: string, day: string, limit: number | null): Promise<number | null>;
}
