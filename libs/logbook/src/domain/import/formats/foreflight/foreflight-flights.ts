import { type FlightMinuteField } from '@pft/contracts';
import { type ImportProblem } from '../../import.types';
import { cellProblem, readCount, type SourceCell, type SourceRow } from '../../records/source-row';
import { type CsvRecord } from '../../text/split-records';
import { type Header } from '../header';

/** ForeFlight's time columns and our minutes fields (`DualGiven` is instruction given). */
const TIME_COLUMNS: [FlightMinuteField, string][] = [
  ['total_flight_time', 'TotalTime'],
  ['pic', 'PIC'],
  ['sic', 'SIC'],
  ['dual', 'DualReceived'],
  ['instructor', 'DualGiven'],
  ['cross_country', 'CrossCountry'],
  ['night', 'Night'],
  ['actual_instrument', 'ActualInstrument'],
  ['simulated_instrument', 'SimulatedInstrument'],
  ['multi_pilot', 'MultiPilot'],
];

const APPROACH_COLUMNS = ['Approach1', 'Approach2', 'Approach3', 'Approach4', 'Approach5', 'Approach6'];
const APPROACH_COUNT = /^\d{1,2}$/;

/** The approaches of `Approach1` to `Approach6`, each `count;type;runway;airport;comments`. */
function approachesOf(cells: SourceCell[], line: number, problems: ImportProblem[]): number | undefined {
  let total: number | undefined;
  for (const cell of cells) {
    if (cell.value === '') continue;
    const count = cell.value.split(';')[0]!.trim();
    if (!APPROACH_COUNT.test(count)) {
      problems.push(
        cellProblem(
          line,
          cell.column,
          'invalid_approach',
          'must begin with a count: count;type;runway;airport;comments',
        ),
      );
      continue;
    }
    total = (total ?? 0) + Number(count);
  }
  return total;
}

/** The columns of the landings, current headers or older ones, as our columns name them. */
export function foreflightLandingColumns(header: Header): Record<string, string> {
  if (header.has('Landing Full-Stop Day') || !header.has('AllLandings')) {
    return {
      day_landings: 'Landing Full-Stop Day + Landing Touch-and-Go Day',
      night_landings: 'Landing Full-Stop Night + Landing Touch-and-Go Night',
      day_full_stop_landings: 'Landing Full-Stop Day',
      night_full_stop_landings: 'Landing Full-Stop Night',
    };
  }
  return {
    day_landings: 'AllLandings - NightLandingsFullStop',
    night_landings: 'NightLandingsFullStop',
    day_full_stop_landings: 'DayLandingsFullStop',
    night_full_stop_landings: 'NightLandingsFullStop',
  };
}

/**
 * Landings: day is full-stop plus touch-and-go by day, night likewise. The older export gives
 * `AllLandings`: the landings beyond its two full-stop counts are touch-and-go by day.
 */
function landingsOf(
  record: CsvRecord,
  header: Header,
  line: number,
  problems: ImportProblem[],
): SourceRow['counts'] {
  const count = (...names: string[]): number | undefined =>
    readCount(header.cell(record, ...names), line, problems);
  if (header.has('Landing Full-Stop Day') || !header.has('AllLandings')) {
    const fsDay = count('Landing Full-Stop Day');
    const fsNight = count('Landing Full-Stop Night');
    const tgDay = count('Landing Touch-and-Go Day');
    const tgNight = count('Landing Touch-and-Go Night');
    return {
      day_landings: (fsDay ?? 0) + (tgDay ?? 0),
      night_landings: (fsNight ?? 0) + (tgNight ?? 0),
      ...(fsDay !== undefined ? { day_full_stop_landings: fsDay } : {}),
      ...(fsNight !== undefined ? { night_full_stop_landings: fsNight } : {}),
    };
  }
  const fsDay = count('DayLandingsFullStop');
  const fsNight = count('NightLandingsFullStop');
  const all = count('AllLandings') ?? 0;
  const touchAndGo = all - (fsDay ?? 0) - (fsNight ?? 0);
  if (touchAndGo < 0) {
    problems.push(cellProblem(line, 'AllLandings', 'invalid_value', 'is fewer than the full-stop landings'));
  }
  return {
    day_landings: (fsDay ?? 0) + Math.max(touchAndGo, 0),
    night_landings: fsNight ?? 0,
    ...(fsDay !== undefined ? { day_full_stop_landings: fsDay } : {}),
    ...(fsNight !== undefined ? { night_full_stop_landings: fsNight } : {}),
  };
}

/** Our columns and the Flights Table's, for problems and the preview's column list. */
export function foreflightColumns(header: Header): Record<string, string> {
  const columns: Record<string, string> = {
    date: 'Date',
    registration: 'AircraftID',
    departure: 'From',
    arrival: 'To',
  };
  for (const [field, column] of TIME_COLUMNS) if (header.has(column)) columns[field] = column;
  const takeoffs = header.has('Takeoff Day')
    ? ['Takeoff Day', 'Takeoff Night']
    : ['DayTakeoffs', 'NightTakeoffs'];
  if (header.has(takeoffs[0]!)) columns.day_takeoffs = takeoffs[0]!;
  if (header.has(takeoffs[1]!)) columns.night_takeoffs = takeoffs[1]!;
  if (header.has('Holds')) columns.holds = 'Holds';
  if (header.has('Approach1')) columns.approaches = APPROACH_COLUMNS.filter((c) => header.has(c)).join(' + ');
  if (header.has('PilotComments')) columns.remarks = 'PilotComments';
  return { ...columns, ...foreflightLandingColumns(header) };
}

/** One row of ForeFlight's Flights Table. */
export function foreflightFlight(
  record: CsvRecord,
  header: Header,
  columns: Record<string, string>,
): SourceRow {
  const { line } = record;
  const problems: ImportProblem[] = header.extraCells(record);
  const text = (name: string): string => header.text(record, name);
  const times: SourceRow['times'] = {};
  for (const [field, column] of TIME_COLUMNS) {
    const cell = header.cell(record, column);
    if (cell) times[field] = cell;
  }
  const count = (...names: string[]): number | undefined =>
    readCount(header.cell(record, ...names), line, problems);
  const dayTakeoffs = count('Takeoff Day', 'DayTakeoffs');
  const nightTakeoffs = count('Takeoff Night', 'NightTakeoffs');
  const approachCells = APPROACH_COLUMNS.map((c) => header.cell(record, c)).filter((c) => c !== undefined);
  const approaches = approachesOf(approachCells, line, problems);
  const holds = count('Holds');
  const counts: SourceRow['counts'] = {
    ...landingsOf(record, header, line, problems),
    ...(dayTakeoffs !== undefined ? { day_takeoffs: dayTakeoffs } : {}),
    ...(nightTakeoffs !== undefined ? { night_takeoffs: nightTakeoffs } : {}),
    ...(approaches !== undefined ? { approaches } : {}),
    ...(holds !== undefined ? { holds } : {}),
  };
  const source = text('AircraftID');
  const row: SourceRow = {
    line,
    source,
    date: header.cell(record, 'Date') ?? { column: 'Date', value: '' },
    times,
    counts,
    columnOf: columns,
    unused: [],
    problems,
  };
  const simulatorTime = header.cell(record, 'SimulatedFlight');
  if (simulatorTime) row.simulatorTime = simulatorTime;
  if (source) row.registration = source;
  if (text('From')) row.departure = text('From');
  if (text('To')) row.arrival = text('To');
  if (text('PilotComments')) row.remarks = text('PilotComments');
  row.unused = header.unusedCells(record);
  return row;
}
