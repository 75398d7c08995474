import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type DataSource } from 'typeorm';
import { encodeEventMessage } from '@pft/contracts';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import {
  experienceRecordArb,
  historyMessages,
  type LogbookIntent,
  logbookHistory,
} from '@pft/testing/oracle';
import { applyPilotTotalsBatch } from '@pft/totals/projection/pilot-totals.batch';
import { projectionTables } from '@pft/totals/projection/projection-tables';
import { benchHistories } from '../projector/bench-histories';

type FlightBody = Extract<LogbookIntent, { op: 'record' }>['flight'];

/** The long logbook whose read as of any date is reported: flights, and the years they span up to today. */
export const LONG_LOGBOOK = { flights: 5_000, years: 20 } as const;

const EVENTS_PER_PILOT = 10;
/** Messages folded in one transaction, as a projector's fetch might bring them. */
const BATCH = 5_000;
const DAY = 86_400_000;

/** Aircraft (and simulator devices) a pilot flies over the long logbook's career: its groups. */
const CAREER_AIRCRAFT = 12;

/** The long logbook's flights: days over LONG_LOGBOOK.years to today, in CAREER_AIRCRAFT aircraft. */
function longLogbookIntents(seed: number): LogbookIntent[] {
  const days = LONG_LOGBOOK.years * 365;
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const flight = fc
    .integer({ min: 30, max: days })
    .chain((back) => experienceRecordArb(new Date(today - back * DAY).toISOString().slice(0, 10)));
  const records = fc.sample(flight, { seed, numRuns: LONG_LOGBOOK.flights });
  const career = (kind: string) =>
    records
      .filter((r) => r.kind === kind)
      .slice(0, CAREER_AIRCRAFT / 2)
      .map((r) => r.aircraft);
  const fleet = { flight: career('flight'), simulator: career('simulator') };
  return records.map((record, i) => {
    const aircraft = fleet[record.kind === 'flight' ? 'flight' : 'simulator'];
    const flown = { ...record, aircraft: aircraft[i % aircraft.length] ?? record.aircraft };
    return { op: 'record', flight: flown as FlightBody, id: randomUUID() };
  });
}

/**
 * Folds `pilots` pilots of EVENTS_PER_PILOT events (bench/projector's histories) and the long logbook
 * into the active version of a fresh database by the projection's own batch: their accounts, and the
 * long logbook's experience rows.
 */
export async function foldExperiencePilots(
  ds: DataSource,
  pilots: number,
): Promise<{ pilots: string[]; longLogbook: string; eventsPerPilot: number; longLogbookRows: number }> {
  const histories = benchHistories(pilots, EVENTS_PER_PILOT, 62);
  const longLogbook = randomUUID();
  histories.push({ pilotId: longLogbook, events: logbookHistory(longLogbook, longLogbookIntents(62)) });
  const messages: ConsumedMessage[] = historyMessages(histories).map((m, offset) => ({
    offset: String(offset),
    key: Buffer.from(m.pilot_account_id),
    value: encodeEventMessage(m),
  }));
  const target = { version: 1, topic: 'bench-experience', partition: 0 };
  for (let from = 0; from < messages.length; from += BATCH) {
    const outcome = await ds.transaction((tx) =>
      applyPilotTotalsBatch(tx, target, messages.slice(from, from + BATCH), { holdIncomplete: false }),
    );
    if (outcome.deadLetters.length > 0) throw new Error(`${outcome.deadLetters.length} events dead-lettered`);
    if (from % (BATCH * 20) === 0) console.log(`folded ${from + BATCH} of ${messages.length} events`);
  }
  const t = projectionTables(1);
  const [{ rows }] = await ds.query<[{ rows: string }]>(
    `select (select count(*) from ${t.experienceDays} where pilot_account_id = $1)
          + (select count(*) from ${t.experienceYears} where pilot_account_id = $1) as rows`,
    [longLogbook],
  );
  return {
    pilots: histories.slice(0, -1).map((h) => h.pilotId),
    longLogbook,
    eventsPerPilot: EVENTS_PER_PILOT,
    longLogbookRows: Number(rows),
  };
}

/** Links `accounts` to the partner, each sharing its experience; their pilot_ids in the same order. */
export async function linkSharing(
  ds: DataSource,
  partnerId: string,
  accounts: readonly string[],
): Promise<string[]> {
  const pilotIds = accounts.map(() => randomUUID());
  await ds.query(
    `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience)
     select pilot_id, $3, account, now(), true from unnest($1::uuid[], $2::uuid[]) as p(pilot_id, account)`,
    [pilotIds, [...accounts], partnerId],
  );
  return pilotIds;
}

/**
 * A check of 20 requirements, the most one may hold (pilot-experience.md §5): lifetime figures, each
 * window, type designators (with and without their window), engines, features and currency rules.
 */
export const TWENTY_REQUIREMENTS = [
  { id: 'tt', metric: 'total_flight_time_minutes', at_least: 90_000 },
  { id: 'pic', metric: 'pic_minutes', at_least: 30_000 },
  { id: 'night', metric: 'night_minutes', at_least: 6_000 },
  { id: 'ifr', metric: 'actual_instrument_minutes', at_least: 4_500 },
  { id: 'flights', metric: 'flight_count', at_least: 500 },
  { id: 'night_ldg', metric: 'landings_night', at_least: 50 },
  { id: 'apps', metric: 'approaches', at_least: 100 },
  { id: 'tt_90d', metric: 'total_flight_time_minutes', window: 'last_90_days', at_least: 1_800 },
  { id: 'tt_6m', metric: 'total_flight_time_minutes', window: 'last_6_months', at_least: 3_000 },
  { id: 'me_12m', metric: 'multi_engine_minutes', window: 'last_12_months', at_least: 600 },
  { id: 'pic_24m', metric: 'pic_minutes', window: 'last_24_months', at_least: 6_000 },
  { id: 'b737_pic', metric: 'pic_minutes', type_designator: ['B737', 'B738', 'B739'], at_least: 30_000 },
  {
    id: 'b737_12m',
    metric: 'total_flight_time_minutes',
    type_designator: ['B737', 'B738'],
    window: 'last_12_months',
    at_least: 3_000,
  },
  { id: 'c172', metric: 'flight_count', type_designator: 'C172', at_least: 10 },
  { id: 'turbine', metric: 'total_flight_time_minutes', engine: 'turbine', at_least: 60_000 },
  { id: 'piston_me', metric: 'multi_engine_minutes', engine: 'piston', at_least: 3_000 },
  { id: 'complex', metric: 'pic_minutes', feature: 'complex', at_least: 600 },
  { id: 'tailwheel', metric: 'flight_count', feature: 'tailwheel', at_least: 10 },
  { id: 'night_pax', currency: 'faa_61_57_b', group: 'airplane_sel' },
  { id: 'ifr_current', currency: 'faa_61_57_c', group: 'airplane' },
];

const REQUIREMENTS_JSON = JSON.stringify(TWENTY_REQUIREMENTS);
/** The body of a check of TWENTY_REQUIREMENTS of `pilotId` as of today (as_of left out). */
export const checkBody = (pilotId: string): string =>
  `{"pilot_id":"${pilotId}","requirements":${REQUIREMENTS_JSON}}`;
