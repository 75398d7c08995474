import {
  type FLIGHT_MINUTE_FIELDS,
  type Flight,
  type LogbookEvent,
  type PilotTotals,
  type StartingTotals,
} from '@pft/contracts';
import { isAirplaneRatingKey } from '@pft/logbook/domain';

/** The fields of a pilot's totals (partner-api-v1.md 2.4), in the specification's order. */
export const TOTALS_ANSWER_FIELDS = [
  'pilot_id',
  'last_updated',
  'totals',
  'landings',
  'rating_breakdown',
  'flight_count',
  'last_flight_date',
] as const;

/**
 * The from-scratch oracle: replays a pilot's delivered events into the current flights and
 * starting totals, then applies the table of logbook-rules.md literally. Written apart from the
 * fold in libs/totals so a shared mistake is unlikely; keep it that way (no imports from totals/).
 */
export interface DeliveredLogbookEvent {
  stream_version: number;
  event: LogbookEvent;
}

export interface CurrentLogbook {
  flights: Flight[];
  starting: StartingTotals | null;
}

/** Each stream version counts once, in stream order, whatever the delivery did. */
export function currentLogbook(delivered: readonly DeliveredLogbookEvent[]): CurrentLogbook {
  const byVersion = new Map<number, LogbookEvent>();
  for (const d of delivered) if (!byVersion.has(d.stream_version)) byVersion.set(d.stream_version, d.event);
  const flights = new Map<string, Flight>();
  let starting: StartingTotals | null = null;
  for (const version of [...byVersion.keys()].sort((a, b) => a - b)) {
    const event = byVersion.get(version)!;
    if (event.type === 'FlightRecorded' || event.type === 'FlightAmended') {
      flights.set(event.payload.flight.flight_id, event.payload.flight);
    } else if (event.type === 'FlightDeleted') {
      flights.delete(event.payload.flight_id);
    } else if (event.type === 'StartingTotalsSet') {
      starting = event.payload.starting_totals;
    } else {
      // AccountErased: the account starts again from nothing.
      flights.clear();
      starting = null;
    }
  }
  return { flights: [...flights.values()], starting };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

export function oracleTotals({ flights, starting }: CurrentLogbook): PilotTotals {
  const F = flights.filter((f) => f.kind === 'flight');
  const S = flights.filter((f) => f.kind === 'simulator');
  const T = starting;
  const field = (name: (typeof FLIGHT_MINUTE_FIELDS)[number]): number => {
    const entered = T ? T.totals[`${name}_minutes`] : 0;
    // Simulator sessions count only in simulator minutes.
    const fromSessions = name === 'simulator' ? sum(S.map((s) => s.minutes.simulator)) : 0;
    return entered + sum(F.map((f) => f.minutes[name])) + fromSessions;
  };
  const breakdown: Record<string, number> = { ...(T?.rating_breakdown ?? {}) };
  for (const f of F) {
    const key = f.aircraft.rating_key;
    if (f.aircraft.category === 'airplane' && key !== undefined) {
      breakdown[key] = (breakdown[key] ?? 0) + f.minutes.total_flight_time;
    }
  }
  const dates = F.map((f) => f.date).sort();
  const latest = dates[dates.length - 1];
  return {
    totals: {
      total_flight_time_minutes: field('total_flight_time'),
      pic_minutes: field('pic'),
      sic_minutes: field('sic'),
      dual_minutes: field('dual'),
      instructor_minutes: field('instructor'),
      cross_country_minutes: field('cross_country'),
      night_minutes: field('night'),
      ifr_minutes: field('actual_instrument') + field('simulated_instrument'),
      actual_instrument_minutes: field('actual_instrument'),
      simulated_instrument_minutes: field('simulated_instrument'),
      single_engine_minutes: field('single_engine'),
      multi_engine_minutes: field('multi_engine'),
      multi_pilot_minutes: field('multi_pilot'),
      simulator_minutes: field('simulator'),
    },
    landings: {
      total_day: (T?.landings.total_day ?? 0) + sum(F.map((f) => f.landings.day)),
      total_night: (T?.landings.total_night ?? 0) + sum(F.map((f) => f.landings.night)),
    },
    rating_breakdown: Object.fromEntries(
      Object.keys(breakdown)
        .sort()
        .filter((k) => breakdown[k] !== 0 && isAirplaneRatingKey(k))
        .map((k) => [k, breakdown[k]!]),
    ),
    flight_count: (T?.flight_count ?? 0) + F.length,
    last_flight_date: latest === undefined ? null : `${latest}T00:00:00.000Z`,
  };
}

/** The oracle's answer for one pilot's delivered events. */
export const oracleTotalsOf = (delivered: readonly DeliveredLogbookEvent[]): PilotTotals =>
  oracleTotals(currentLogbook(delivered));
