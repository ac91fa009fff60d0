import { Clock } from '../../src/common/clock';

export const FIXED_NOW = new Date('2026-11-21T12:00:00.000Z');

/** A clock that stands still until a test moves it. */
export class FixedClock extends Clock {
  private current: Date;

  constructor(at: Date = FIXED_NOW) {
    super();
    this.current = new Date(at.getTime());
  }

  override now(): Date {
    return new Date(this.current.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  set(at: Date): void {
    this.current = new Date(at.getTime());
  }
}
