import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLIGHT_MINUTE_FIELDS, type Flight, type FlightAircraft, type FlightMinutes } from '@pft/contracts';
import {
  readImport,
  type ImportChoices,
  type ImportFormat,
  type ImportRead,
} from '@pft/logbook/domain/import';

/** The logbook files of `test/fixtures/import/` and a reader of them, for the import's tests. */

export const PILOT = '5b1d2f7e-8c4a-4b1e-9a57-2f0c3d9e6a11';
export const TODAY = '2026-11-25';

/** The designators these tests know as type ratings: B738 and A320; C172 and B350 are not. */
export const typeRatingOf = (designator: string): string | undefined =>
  ({ B738: 'type_b737_300_900', A320: 'type_a320' })[designator];

export const fixture = (name: string): Uint8Array =>
  readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'import', name));

/** Reads bytes as the import does; fails the test when the file is refused. */
export function read(bytes: Uint8Array, choices: ImportChoices = {}, format?: ImportFormat): ImportRead {
  const result = readImport({ bytes, pilotAccountId: PILOT, today: TODAY, typeRatingOf, choices, format });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.value;
}

export const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A refusal of the file as UNSUPPORTED_FILE, by its issue (as the tests compare it). */
export const unsupported = (issue: string): { code: string; issue: string } => ({
  code: 'UNSUPPORTED_FILE',
  issue,
});

/** Every minutes field: the ones given, the rest 0 (as a stored flight has them). */
export const minutes = (given: Partial<FlightMinutes>): FlightMinutes =>
  Object.fromEntries(FLIGHT_MINUTE_FIELDS.map((f) => [f, given[f] ?? 0])) as FlightMinutes;

/** An airplane as an imported flight names it; its type designator, engine and features when given. */
export const airplane = (
  rating_key: string,
  registration: string,
  type_designator?: string,
  more: Pick<FlightAircraft, 'engine' | 'features'> = {},
): FlightAircraft => ({
  category: 'airplane',
  rating_key,
  registration,
  ...(type_designator === undefined ? {} : { type_designator }),
  ...more,
});

/** The flights of a read, by line, as [line, flight]. */
export const flightsByLine = (read: ImportRead): [number, Flight][] =>
  read.flights.map((f) => [f.line, f.flight]);
