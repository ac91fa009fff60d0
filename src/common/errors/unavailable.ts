import { raceDeadline } from '../deadline';
import { ERROR_KINDS } from './error-kinds';
import type { Problem } from './problem.types';

/** What PostgreSQL, pg and Prisma say when the database cannot be reached or stops answering in time. */
const DATABASE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|canceling statement due to statement timeout|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Can't reach database server|Server has closed the connection|Timed out fetching a new connection|too many clients|Too many database connections|remaining connection slots/i;
/**
 * SQLSTATE classes 08 (connection exception), 53300 (too many connections), 57P0x (shutdown), 57014
 * (statement timeout); Prisma's P1001/P1002/P1008/P1017 (unreachable, timed out, closed), P2024 (pool
 * timeout) and P2037 (the server has no connection slot left).
 */
const DATABASE_CODES = /^(08\d{3}|53300|57P0[1-3]|57014|P1001|P1002|P1008|P1017|P2024|P2037)$/;
/** Socket failures with no word of which service: still the service's fault, not the request's. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Seconds a client should wait before retrying (pools reconnect on the next request). */
const RETRY_AFTER_S = 5;

type Failure = { message?: unknown; code?: unknown; cause?: unknown };

/**
 * A problem for an error that means a backing service is down rather than that the request was
 * wrong or the code is broken: 503 with Retry-After on every surface, instead of 500.
 */
export function unavailableProblem(error: unknown): Problem | null {
  let socket = false;
  for (let e = error as Failure | undefined, depth = 0; e && depth < 8; e = e.cause as Failure | undefined, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (DATABASE_CODES.test(code) || (typeof e.message === 'string' && DATABASE_MESSAGES.test(e.message))) {
      return problem('The database is unavailable; retry shortly', 'DATABASE_UNAVAILABLE');
    }
    if (SOCKET_CODES.has(code)) socket = true;
  }
  return socket ? problem('A service this request needs is unavailable; retry shortly') : null;
}

function problem(message: string, cCode?: string): Problem {
  return {
    kind: 'unavailable',
    status: ERROR_KINDS.unavailable.status,
    message,
    retryAfter: RETRY_AFTER_S,
    ...(cCode ? { cCode } : {}),
    expected: true,
  };
}

/**
 * How long a request waits for the database before it answers 503: under the pool's own timeouts
 * (connect, then a statement), which two waits in a row could otherwise take past five seconds.
 */
export const REQUEST_DATABASE_WAIT_MS = 3_000;

/** A request's wait for the database ran out (P1008: operations timed out): a 503 like any database outage. */
export class DatabaseWaitError extends Error {
  readonly code = 'P1008';

  constructor(waitedMs: number) {
    super(`The request waited ${waitedMs} ms for the database`);
    this.name = 'DatabaseWaitError';
  }
}

/**
 * `work` within what is left of the request's wait for the database (`until`, epoch ms). Past it,
 * DatabaseWaitError; `late` then gets the value should `work` still succeed (to give back what it took).
 */
export async function withinDatabaseWait<T>(work: Promise<T>, until: number, late?: (value: T) => void): Promise<T> {
  const left = Math.max(0, until - Date.now());
  try {
    return await raceDeadline(work, left, () => new DatabaseWaitError(left));
  } catch (err) {
    if (err instanceof DatabaseWaitError)
      work.then(
        (value) => late?.(value),
        () => undefined,
      );
    throw err;
  }
}
