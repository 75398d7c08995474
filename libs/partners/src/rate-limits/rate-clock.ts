import { Injectable } from '@nestjs/common';

/**
 * The time rate windows and requirement-check days are taken from. They follow the clock of the
 * shared service that counts them (Redis's for the rate windows, Postgres's for the days), so that
 * every replica puts a request in the same window whatever its own clock says; `now()`, this
 * replica's clock, only while a process counts alone (Redis unreachable). A provider of its own so
 * that tests can move to the next minute or day: a RateClock whose `now()` is replaced (a test's spy,
 * a subclass) moves the shared clocks by as much as it is ahead of this process's clock.
 */
@Injectable()
export class RateClock {
  now(): number {
    return Date.now();
  }

  /** Milliseconds added to the shared clocks' time: 0 unless `now()` was replaced. */
  offsetMs(): number {
    // Not `now() - Date.now()` always: two reads a millisecond apart would move a window's edge.
    if (this.now === RateClock.prototype.now) return 0;
    return this.now() - Date.now();
  }
}
