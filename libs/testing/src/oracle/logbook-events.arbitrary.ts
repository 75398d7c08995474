import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import {
  ENTERED_TOTALS_FIELDS,
  logbookStreamId,
  type AircraftCategory,
  type EventMessage,
  type Flight,
  type LogbookEvent,
  type StartingTotals,
  zeroFlightMinutes,
} from '@pft/contracts';
import { CLASS_RATING_KEYS, RATING_CATALOG } from '@pft/logbook/domain';
import { flightRecorded } from './delivered-flights';
import { type DeliveredLogbookEvent } from './totals.oracle';

/** Class keys and a few type keys, so that flights often share a key and amendments move minutes. */
export const SAMPLE_RATING_KEYS: readonly string[] = [
  ...CLASS_RATING_KEYS,
  ...RATING_CATALOG.filter((r) => r.category === 'type_rating')
    .slice(0, 4)
    .map((r) => r.key),
];

type FlightBody = Omit<Flight, 'flight_id'>;

/**
 * Three parts that together stay within `total` (`single_engine + multi_engine <= total` style). PIC, SIC
 * and dual are drawn this way too: a subset of what the rules accept, which let dual overlap PIC.
 */
const split3 = (total: number): fc.Arbitrary<[number, number, number]> =>
  fc
    .integer({ min: 0, max: total })
    .chain((a) =>
      fc
        .integer({ min: 0, max: total - a })
        .chain((b) =>
          fc.integer({ min: 0, max: total - a - b }).map((c): [number, number, number] => [a, b, c]),
        ),
    );

/** A small range of dates, so flights share dates and deletions make `last_flight_date` fall back. */
const dateArb = fc
  .integer({ min: 0, max: 40 })
  .map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));

const airplaneFlightArb: fc.Arbitrary<FlightBody> = fc
  .record({
    date: dateArb,
    category: fc.constantFrom<AircraftCategory>(
      'airplane',
      'airplane',
      'airplane',
      'helicopter',
      'sailplane',
      'other',
    ),
    rating_key: fc.constantFrom(...SAMPLE_RATING_KEYS),
    total: fc.integer({ min: 0, max: 600 }),
    landings: fc.record({ day: fc.integer({ min: 0, max: 6 }), night: fc.integer({ min: 0, max: 3 }) }),
  })
  .chain(({ date, category, rating_key, total, landings }) =>
    fc
      .record({
        roles: split3(total),
        engines: split3(total),
        instrument: split3(total),
        other: fc.array(fc.integer({ min: 0, max: total }), { minLength: 4, maxLength: 4 }),
      })
      .map(({ roles, engines, instrument, other }): FlightBody => {
        const [xc = 0, night = 0, instructor = 0, multiPilot = 0] = other;
        return {
          date,
          kind: 'flight',
          aircraft: category === 'airplane' ? { category, rating_key } : { category },
          minutes: {
            total_flight_time: total,
            pic: roles[0],
            sic: roles[1],
            dual: roles[2],
            instructor,
            cross_country: xc,
            night,
            actual_instrument: instrument[0],
            simulated_instrument: instrument[1],
            single_engine: engines[0],
            multi_engine: engines[1],
            multi_pilot: multiPilot,
            simulator: 0,
          },
          landings,
        };
      }),
  );

const simulatorSessionArb: fc.Arbitrary<FlightBody> = fc
  .record({
    date: dateArb,
    rating_key: fc.option(fc.constantFrom(...SAMPLE_RATING_KEYS), { nil: undefined }),
    simulator: fc.integer({ min: 1, max: 300 }),
  })
  .map(({ date, rating_key, simulator }) => ({
    date,
    kind: 'simulator',
    aircraft: rating_key === undefined ? { category: 'airplane' } : { category: 'airplane', rating_key },
    minutes: { ...zeroFlightMinutes(), simulator },
    landings: { day: 0, night: 0 },
  }));

export const flightBodyArb: fc.Arbitrary<FlightBody> = fc.oneof(
  { weight: 5, arbitrary: airplaneFlightArb },
  { weight: 1, arbitrary: simulatorSessionArb },
);

export const startingTotalsArb: fc.Arbitrary<StartingTotals> = fc.record({
  totals: fc.record(
    Object.fromEntries(ENTERED_TOTALS_FIELDS.map((f) => [f, fc.integer({ min: 0, max: 60_000 })])) as Record<
      (typeof ENTERED_TOTALS_FIELDS)[number],
      fc.Arbitrary<number>
    >,
  ),
  landings: fc.record({
    total_day: fc.integer({ min: 0, max: 900 }),
    total_night: fc.integer({ min: 0, max: 90 }),
  }),
  rating_breakdown: fc.dictionary(
    fc.constantFrom(...SAMPLE_RATING_KEYS),
    fc.integer({ min: 0, max: 30_000 }),
    {
      maxKeys: 4,
    },
  ),
  flight_count: fc.integer({ min: 0, max: 500 }),
});

/** What a pilot does next; `pick` chooses among the current flights, so every history is valid. */
export type LogbookIntent =
  | { op: 'record'; flight: FlightBody; id: string }
  | { op: 'amend'; flight: FlightBody; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'starting'; starting: StartingTotals };

const intentArb: fc.Arbitrary<LogbookIntent> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('record' as const),
      flight: flightBodyArb,
      id: fc.uuid({ version: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('amend' as const), flight: flightBodyArb, pick: fc.nat() }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('starting' as const), starting: startingTotalsArb }) },
);

/** Turns intents into the events the ingestion service would append, versions 1, 2, 3, ... */
export function logbookHistory(pilotId: string, intents: readonly LogbookIntent[]): DeliveredLogbookEvent[] {
  const current: string[] = [];
  const events: LogbookEvent[] = [];
  for (const intent of intents) {
    const target =
      current.length > 0 && intent.op !== 'record' && intent.op !== 'starting'
        ? current[intent.pick % current.length]
        : undefined;
    if (intent.op === 'starting') {
      events.push({
        type: 'StartingTotalsSet',
        version: 1,
        payload: { pilot_account_id: pilotId, starting_totals: intent.starting },
      });
    } else if (intent.op === 'delete' && target !== undefined) {
      current.splice(current.indexOf(target), 1);
      events.push({
        type: 'FlightDeleted',
        version: 1,
        payload: { pilot_account_id: pilotId, flight_id: target },
      });
    } else if (intent.op === 'amend' && target !== undefined) {
      const flight: Flight = { flight_id: target, ...intent.flight };
      events.push({ type: 'FlightAmended', version: 2, payload: { pilot_account_id: pilotId, flight } });
    } else if (intent.op === 'record') {
      current.push(intent.id);
      events.push(flightRecorded(pilotId, { flight_id: intent.id, ...intent.flight }));
    }
  }
  return events.map((event, i) => ({ stream_version: i + 1, event }));
}

export const logbookHistoryArb = (
  options: { minEvents?: number; maxEvents?: number; pilotId?: string } = {},
): fc.Arbitrary<{ pilotId: string; events: DeliveredLogbookEvent[] }> =>
  fc
    .record({
      pilotId: options.pilotId === undefined ? fc.uuid({ version: 4 }) : fc.constant(options.pilotId),
      intents: fc.array(intentArb, { minLength: options.minEvents ?? 0, maxLength: options.maxEvents ?? 40 }),
    })
    .map(({ pilotId, intents }) => ({ pilotId, events: logbookHistory(pilotId, intents) }));

/**
 * The same events as a consumer may see them: in order, with redeliveries of recent runs (as after
 * a crash before the offsets were stored) and single late duplicates inserted.
 */
export const withRedeliveriesArb = <T>(events: readonly T[]): fc.Arbitrary<T[]> =>
  fc
    .array(fc.record({ after: fc.nat(), back: fc.integer({ min: 1, max: 6 }) }), { maxLength: 8 })
    .map((repeats) => {
      const delivered: T[] = [];
      events.forEach((event, i) => {
        delivered.push(event);
        for (const r of repeats) {
          if (events.length > 0 && r.after % events.length === i)
            delivered.push(...events.slice(Math.max(0, i + 1 - r.back), i + 1));
        }
      });
      return delivered;
    });

/** The message the outbox relay would publish for one logbook event. */
export function logbookEventMessage(
  pilotId: string,
  { stream_version, event }: DeliveredLogbookEvent,
  occurredAt: Date,
  position = 0,
): EventMessage {
  return {
    event_id: randomUUID(),
    type: event.type,
    version: event.version,
    stream_id: logbookStreamId(pilotId),
    stream_version,
    position: String(position),
    pilot_account_id: pilotId,
    occurred_at: occurredAt.toISOString(),
    payload: event.payload,
    metadata: {},
  };
}
