/** The logbook the partner totals e2e writes through the pipeline, and what the rules make of it. */
import { zeroFlightMinutes } from '@pft/contracts';

const minutes = (given: Record<string, number>): Record<string, number> => ({
  ...zeroFlightMinutes(),
  ...given,
});

/** A logbook touching every field: starting totals, two airplane flights, a helicopter flight, a simulator session. */
export const LOGBOOK = {
  starting: {
    totals: {
      total_flight_time_minutes: 1000,
      pic_minutes: 600,
      actual_instrument_minutes: 30,
      simulated_instrument_minutes: 20,
    },
    landings: { total_day: 50, total_night: 5 },
    rating_breakdown: { sep_land: 700 },
    flight_count: 40,
  },
  flights: [
    {
      date: '2026-05-01',
      kind: 'flight',
      aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
      minutes: minutes({
        total_flight_time: 95,
        pic: 95,
        cross_country: 95,
        actual_instrument: 10,
        single_engine: 95,
      }),
      landings: { day: 1, night: 0 },
    },
    {
      date: '2026-06-10',
      kind: 'flight',
      aircraft: { category: 'airplane', rating_key: 'type_a320' },
      minutes: minutes({
        total_flight_time: 120,
        sic: 120,
        night: 60,
        simulated_instrument: 15,
        multi_engine: 120,
        multi_pilot: 120,
      }),
      landings: { day: 0, night: 1 },
    },
    {
      date: '2026-06-20',
      kind: 'flight',
      aircraft: { category: 'helicopter' },
      minutes: minutes({ total_flight_time: 60, pic: 60, single_engine: 60 }),
      landings: { day: 2, night: 0 },
    },
    {
      date: '2026-07-01',
      kind: 'simulator',
      aircraft: { category: 'airplane', rating_key: 'type_a320' },
      minutes: minutes({ simulator: 90 }),
      landings: { day: 0, night: 0 },
    },
  ],
};

/** What logbook-rules.md makes of LOGBOOK. */
export const EXPECTED = {
  totals: {
    total_flight_time_minutes: 1275,
    pic_minutes: 755,
    sic_minutes: 120,
    dual_minutes: 0,
    instructor_minutes: 0,
    cross_country_minutes: 95,
    night_minutes: 60,
    ifr_minutes: 75,
    actual_instrument_minutes: 40,
    simulated_instrument_minutes: 35,
    single_engine_minutes: 155,
    multi_engine_minutes: 120,
    multi_pilot_minutes: 120,
    simulator_minutes: 90,
  },
  landings: { total_day: 53, total_night: 6 },
  rating_breakdown: { sep_land: 795, type_a320: 120 },
  flight_count: 43,
  last_flight_date: '2026-06-20T00:00:00.000Z',
};
