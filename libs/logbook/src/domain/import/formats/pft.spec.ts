import { randomFlight, seededRandom, storedFlight } from '@pft/testing';
import {
  airplane,
  fixture,
  flightsByLine,
  minutes,
  PILOT,
  read,
  text,
  TODAY,
} from '@pft/testing/import-fixtures';
import { formatLogbookCsv, readLogbookCsv } from '../../logbook-csv/logbook-csv';
import { decideCommitImport } from '../../import-commit.decide';
import { deriveFlightId } from '../ids/flight-id';

describe("this service's own CSV", () => {
  const result = read(fixture('pft.csv'));

  it('is detected by its header, its flight_id kept as the id, the rest derived', () => {
    expect([result.format, result.rows, result.date_order, result.time_unit]).toEqual([
      'pft',
      4,
      'ymd',
      'minutes',
    ]);
    expect(flightsByLine(result)).toEqual([
      [
        2,
        {
          flight_id: '0b7c6a52-2a55-4d1c-9d59-5f1fb1e0c0a1',
          date: '2026-05-01',
          kind: 'flight',
          aircraft: airplane('sep_land', 'D-EABC', 'C172', {
            engine: 'piston',
            features: ['retractable_gear', 'taa'],
          }),
          departure: 'EDDF',
          arrival: 'EDFE',
          minutes: minutes({
            total_flight_time: 95,
            pic: 95,
            dual: 95,
            cross_country: 95,
            actual_instrument: 10,
            single_engine: 95,
          }),
          takeoffs: { day: 1, night: 0 },
          landings: { day: 1, night: 0, day_full_stop: 1, night_full_stop: 0 },
          approaches: 1,
          holds: 0,
          // The one ' the export writes before a formula-like cell is taken off.
          remarks: '=SUM(A1), gusty',
        },
      ],
      [
        3,
        {
          flight_id: deriveFlightId(PILOT, 'pft', {
            kind: 'route',
            date: '2026-05-02',
            source: 'SIM-A320',
            departure: '',
            arrival: '',
            rank: 0,
          }),
          date: '2026-05-02',
          kind: 'simulator',
          aircraft: airplane('type_a320', 'SIM-A320', 'A320'),
          minutes: minutes({ simulator: 120 }),
          landings: { day: 0, night: 0 },
          approaches: 3,
          holds: 1,
        },
      ],
    ]);
  });

  it('refuses rows the flight rules refuse, by their columns', () => {
    expect(result.problems).toEqual([
      { line: 4, issue: 'sum_exceeds_total', message: 'minutes pic + sic must be at most total_flight_time' },
      { line: 5, column: 'day_landings', issue: 'invalid_number', message: 'must be a whole number' },
    ]);
    expect(result.unused_columns).toEqual([]);
    expect(result.rules_applied).toEqual([]);
  });

  it('reads a row with its own id as the logbook CSV reader does', () => {
    const csv = readLogbookCsv(new TextDecoder().decode(fixture('pft.csv')), TODAY, () => 'unused');
    expect(csv.flights[0]).toEqual(result.flights[0]!.flight);
  });

  it('imports the export back unchanged, a remark or a registration with spaces at either end included', () => {
    const random = seededRandom(5);
    const written = [' lead', 'trail ', '  ', '\t=1+1', ' two  words '];
    const flights = written.map((remarks, i) =>
      storedFlight(
        {
          ...randomFlight(random),
          kind: 'flight',
          aircraft: {
            category: 'airplane',
            rating_key: 'sep_land',
            registration: i % 2 ? 'D-EABC ' : ' D-EABC',
          },
          minutes: { total_flight_time: 60, pic: 60 },
          landings: { day: 1, night: 0 },
          date: `2026-05-0${i + 1}`,
          remarks,
        },
        TODAY,
      ),
    );
    const csv = formatLogbookCsv(flights);
    expect(read(text(csv)).flights.map((f) => f.flight)).toEqual(flights);
    expect(readLogbookCsv(csv, TODAY, () => 'unused').flights).toEqual(flights);
  });

  it('imports the export of a flight with an empty remark and registration back as unchanged', () => {
    const flight = storedFlight(
      { aircraft: { category: 'airplane', rating_key: 'sep_land', registration: '' }, remarks: '' },
      TODAY,
    );
    const [imported] = read(text(formatLogbookCsv([flight]))).flights;
    const states = new Map([[flight.flight_id, { flight, deleted: false }]]);
    expect(decideCommitImport(states, PILOT, [imported!.flight], 0)).toMatchObject({
      events: [],
      counts: { recorded: 0, amended: 0, unchanged: 1 },
    });
  });
});
