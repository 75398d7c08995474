import { flightBody } from '@pft/testing';

const DAY_MS = 86_400_000;

/** The UTC date `days` days before now (after it when negative), as `YYYY-MM-DD`. */
export const daysAgo = (days: number): string =>
  new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * A pilot's last two single-engine flights in a C172: 40 days ago at night, in an aircraft with
 * features, with takeoffs, landings to a full stop, approaches and a hold; 10 days ago by day, with
 * simulated instrument time and approaches.
 */
export const recentC172Flights = (): Record<string, unknown>[] => [
  flightBody({
    date: daysAgo(40),
    aircraft: {
      category: 'airplane',
      rating_key: 'sep_land',
      type_designator: 'C172',
      features: ['high_performance', 'taa'],
    },
    minutes: { total_flight_time: 80, pic: 80, night: 60, single_engine: 80 },
    takeoffs: { day: 0, night: 3 },
    landings: { day: 0, night: 3, night_full_stop: 3 },
    approaches: 4,
    holds: 1,
  }),
  flightBody({
    date: daysAgo(10),
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172' },
    minutes: { total_flight_time: 70, pic: 70, simulated_instrument: 40, single_engine: 70 },
    landings: { day: 3, night: 0, day_full_stop: 1 },
    approaches: 2,
  }),
];
