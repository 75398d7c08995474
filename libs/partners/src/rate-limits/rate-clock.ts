import { Injectable } from '@nestjs/common';

/** The time rate windows are taken from; a provider of its own so that tests can move to the next minute. */
@Injectable()
export class RateClock {
  now(): number {
    return Date.now();
  }
}
