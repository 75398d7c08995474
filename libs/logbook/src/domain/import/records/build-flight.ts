import { FLIGHT_MINUTE_FIELDS, zeroFlightMinutes, type FlightMinutes } from '@pft/contracts';
import { MAX_REGISTRATION_LENGTH, parseFlight } from '../../flights/flight.rules';
import { columnOf as csvColumnOf } from '../../logbook-csv/logbook-csv';
import { type AirplaneClass } from '../aircraft/aircraft-facts';
import { engineCountOf } from '../aircraft/propose-aircraft';
import { deriveFlightId, type FlightKey } from '../ids/flight-id';
import {
  type DateOrder,
  type ImportAircraft,
  type ImportedFlight,
  type ImportFormat,
  type ImportProblem,
  type TimeUnit,
} from '../import.types';
import { readDate } from '../units/dates';
import { readTime } from '../units/times';
import { cellProblem, type SourceCell, type SourceRow } from './source-row';

/** What every row of one file is read with. */
export interface RowContext {
  format: ImportFormat;
  pilotAccountId: string;
  today: string;
  dateOrder: DateOrder;
  timeUnit: TimeUnit | undefined;
  unusedToRemarks: boolean;
  /** The aircraft chosen or proposed for a source, and the class the file gives it. */
  aircraftOf: (source: string) => {
    aircraft: ImportAircraft | null;
    airplaneClass?: AirplaneClass;
    simulatorDevice: boolean;
  };
}

/** What reading a row did beyond the file's cells, for the preview's list of rules applied. */
export interface RowNotes {
  decimalComma: boolean;
  engineTimeFromClass: boolean;
  /** The fields a simulator session dropped (its other times, landings and takeoffs). */
  simulatorDropped: string[];
  remarksFromUnused: boolean;
  /** A source aircraft's name too long for a registration (a simulator's name, say). */
  registrationLeftOut: boolean;
}

export type RowRead = { flight?: ImportedFlight; problems: ImportProblem[]; notes: RowNotes };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORMULA = /^=/;

/** Minutes of each time cell, or the problems of the cells that are not times in the unit. */
function readMinutes(row: SourceRow, unit: TimeUnit | undefined, problems: ImportProblem[], notes: RowNotes) {
  const minutes = zeroFlightMinutes();
  const read = (cell: SourceCell | undefined): number => {
    if (!cell) return 0;
    const time = readTime(cell.value, unit);
    if (!time.ok) {
      problems.push(
        cellProblem(
          row.line,
          cell.column,
          'invalid_time',
          `"${cell.value}" is not a time${unit ? ` in ${unit}` : ''}`,
        ),
      );
      return 0;
    }
    if (time.decimalComma) notes.decimalComma = true;
    return time.minutes;
  };
  for (const field of FLIGHT_MINUTE_FIELDS) minutes[field] = read(row.times[field]);
  return { minutes, simulatorTime: read(row.simulatorTime) };
}

/** A simulator session keeps its simulator time only; what else the row held is named. */
function asSimulatorSession(minutes: FlightMinutes, simulatorTime: number, row: SourceRow, notes: RowNotes) {
  // With no simulator time of its own, the session's time is the total: moved, not dropped.
  const kept = simulatorTime > 0 ? 'simulator' : 'total_flight_time';
  const dropped: string[] = FLIGHT_MINUTE_FIELDS.filter(
    (f) => f !== 'simulator' && f !== kept && minutes[f] > 0,
  );
  for (const field of ['day_landings', 'night_landings', 'day_takeoffs', 'night_takeoffs'] as const) {
    if ((row.counts[field] ?? 0) > 0) dropped.push(field);
  }
  notes.simulatorDropped = dropped;
  return { ...zeroFlightMinutes(), simulator: simulatorTime > 0 ? simulatorTime : minutes.total_flight_time };
}

/** Takeoffs when the row has either count (the other then 0, as the body needs both); none when dropped. */
function takeoffsOf(row: SourceRow, dropped: boolean): { day: number; night: number } | undefined {
  const { day_takeoffs: day, night_takeoffs: night } = row.counts;
  if (dropped || (day === undefined && night === undefined)) return undefined;
  // A stated record with one count only is refused by the flight rules, as the logbook CSV is.
  if (row.kind !== undefined) return { day, night } as { day: number; night: number };
  return { day: day ?? 0, night: night ?? 0 };
}

/** The body with no key left undefined, as a JSON body would come (the aircraft's too). */
function withoutUndefined(body: Record<string, unknown>): Record<string, unknown> {
  const defined = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return defined({ ...body, aircraft: defined(body.aircraft as Record<string, unknown>) });
}

/** The row's remarks, with the unused columns' cells after them when the pilot asks for it. */
function remarksOf(row: SourceRow, context: RowContext, notes: RowNotes): string | undefined {
  const parts = row.remarks ? [row.remarks] : [];
  if (context.unusedToRemarks && row.unused.length > 0) {
    parts.push(row.unused.map((c) => `${c.column}: ${c.value}`).join('; '));
    notes.remarksFromUnused = true;
  }
  return parts.length > 0 ? parts.join(' | ') : undefined;
}

/**
 * One source row as a flight record, checked by the flight rules the API applies, or its problems,
 * each with its line and source column. `rank` is the row's rank in file order among the rows of the
 * same date, source aircraft and route (the caller counts every row with a date, valid or not, so
 * that a choice made later changes no id).
 */
export function buildFlight(row: SourceRow, context: RowContext, rank: number): RowRead {
  const notes: RowNotes = {
    decimalComma: false,
    engineTimeFromClass: false,
    simulatorDropped: [],
    remarksFromUnused: false,
    registrationLeftOut: false,
  };
  const problems: ImportProblem[] = [...row.problems];
  const cells = [row.date, row.simulatorTime, ...Object.values(row.times)];
  for (const cell of cells) {
    if (cell && FORMULA.test(cell.value.trim()))
      problems.push(
        cellProblem(row.line, cell.column, 'formula_cell', 'is a spreadsheet formula, not a value'),
      );
  }
  if (problems.length > 0) return { problems, notes };

  const date = readDate(row.date.value, context.dateOrder);
  if (date === undefined) {
    problems.push(
      cellProblem(
        row.line,
        row.date.column,
        'invalid_date',
        `"${row.date.value}" is not a date in the order ${context.dateOrder}`,
      ),
    );
  }
  const mapped = context.aircraftOf(row.source);
  const aircraft = row.aircraft ?? mapped.aircraft;
  if (!aircraft) {
    problems.push(
      cellProblem(
        row.line,
        row.columnOf.registration ?? 'aircraft',
        'aircraft_not_mapped',
        `aircraft "${row.source}" needs a rating: choose one`,
      ),
    );
  }
  const read = readMinutes(row, row.timeUnit ?? context.timeUnit, problems, notes);
  if (problems.length > 0 || date === undefined || !aircraft) return { problems, notes };

  // A row that states its record (`pft`) is taken as it is; the flight rules judge it.
  const stated = row.kind !== undefined;
  const simulator = stated ? row.kind === 'simulator' : mapped.simulatorDevice || read.simulatorTime > 0;
  let minutes = read.minutes;
  if (!stated && simulator) minutes = asSimulatorSession(minutes, read.simulatorTime, row, notes);
  else if (!stated && !row.times.single_engine && !row.times.multi_engine) {
    const engines = engineCountOf(aircraft, mapped.airplaneClass);
    if (engines) {
      minutes[engines === 'single' ? 'single_engine' : 'multi_engine'] = minutes.total_flight_time;
      notes.engineTimeFromClass = minutes.total_flight_time > 0;
    }
  }
  const { counts } = row;
  // A simulator session read from a foreign file drops its landings and takeoffs (named in the notes).
  const dropLandings = simulator && !stated;
  const takeoffs = takeoffsOf(row, dropLandings);
  const landings: Record<string, number> = dropLandings
    ? { day: 0, night: 0 }
    : { day: counts.day_landings ?? 0, night: counts.night_landings ?? 0 };
  if (!dropLandings && counts.day_full_stop_landings !== undefined)
    landings.day_full_stop = counts.day_full_stop_landings;
  if (!dropLandings && counts.night_full_stop_landings !== undefined)
    landings.night_full_stop = counts.night_full_stop_landings;

  const departure = row.departure ?? '';
  const arrival = row.arrival ?? '';
  const key: FlightKey = row.sourceId
    ? { kind: 'source_id', id: row.sourceId }
    : { kind: 'route', date, source: row.source, departure, arrival, rank };
  const ownId = context.format === 'pft' && row.sourceId !== undefined && UUID.test(row.sourceId);
  const { engine, features, ...flown } = aircraft;
  let registration = row.aircraft?.registration ?? row.registration;
  if (!stated && registration !== undefined && registration.length > MAX_REGISTRATION_LENGTH) {
    registration = undefined;
    notes.registrationLeftOut = true;
  }
  const body: Record<string, unknown> = {
    flight_id: ownId ? row.sourceId : deriveFlightId(context.pilotAccountId, context.format, key),
    date,
    kind: row.kind ?? (simulator ? 'simulator' : 'flight'),
    aircraft: {
      ...flown,
      ...(simulator && !stated ? {} : { engine, features }),
      ...(registration ? { registration } : {}),
    },
    minutes,
    landings,
    takeoffs,
    departure: row.departure,
    arrival: row.arrival,
    approaches: counts.approaches,
    holds: counts.holds,
    remarks: remarksOf(row, context, notes),
  };
  const parsed = parseFlight(withoutUndefined(body), context.today);
  if (parsed.ok)
    return { flight: { line: row.line, source: row.source, flight: parsed.value }, problems, notes };
  // Engine time copied from the total repeats the total's problem: the total's is the one to show.
  const copied = notes.engineTimeFromClass ? ['minutes.single_engine', 'minutes.multi_engine'] : [];
  for (const issue of parsed.issues.filter((i) => !copied.includes(i.field))) {
    const ours = csvColumnOf(issue.field);
    const column = ours === undefined ? undefined : row.columnOf[ours];
    problems.push({
      line: row.line,
      ...(column ? { column } : {}),
      issue: issue.issue,
      message: `${issue.field} ${issue.message}`,
    });
  }
  return { problems, notes };
}
