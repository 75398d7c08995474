import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { mersenne } from 'pure-rand/generator/mersenne';
import { type Flight, type FlightMinutes, zeroFlightMinutes } from '@pft/contracts';

/** A seeded source of numbers: the same seed, the same fixture, on every machine and every release. */
export interface FixtureRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A version 4 UUID made of seeded bits: fixture flight ids are the same in every sandbox. */
  uuid(): string;
}

export function fixtureRandom(seed: number): FixtureRandom {
  const rng = mersenne(seed);
  const next = (): number => uniformFloat64(rng);
  const int = (min: number, max: number): number => uniformInt(rng, min, max);
  const hex = (digits: number): string =>
    Array.from({ length: digits }, () => int(0, 15).toString(16)).join('');
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}

const DAY_MS = 86_400_000;

/** The calendar date `days` after `start` (`YYYY-MM-DD`, UTC). */
export function dateAfter(start: string, days: number): string {
  return new Date(Date.parse(`${start}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const minutesOf = (given: Partial<FlightMinutes>): FlightMinutes => ({
  ...zeroFlightMinutes(),
  ...given,
});

/** What every generated flight shares; the generators fill in the rest. */
export type FixtureFlight = Omit<Flight, 'flight_id' | 'date'>;

/** `count` flights made by `make`, one every `everyDays` (give or take) from `start`, with seeded ids. */
export function flightSeries(
  random: FixtureRandom,
  options: { count: number; start: string; everyDays: [number, number] },
  make: (index: number) => FixtureFlight,
): Flight[] {
  const flights: Flight[] = [];
  let day = 0;
  for (let i = 0; i < options.count; i++) {
    day += random.int(options.everyDays[0], options.everyDays[1]);
    flights.push({ flight_id: random.uuid(), date: dateAfter(options.start, day), ...make(i) });
  }
  return flights;
}
