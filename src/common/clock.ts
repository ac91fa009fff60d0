/** Milliseconds in a day (a UTC day: no leap seconds in JavaScript time). */
export const DAY_MS = 86_400_000;

/** The time source; tests bind a fixed one. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
