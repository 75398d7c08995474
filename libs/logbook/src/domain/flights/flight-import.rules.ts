import { type Flight } from '@pft/contracts';
import { BodyReader } from '../body-reader';
import { type Parsed, type ValidationIssue } from '../validation-issue';
import { parseFlight } from './flight.rules';

export const MAX_IMPORT_FLIGHTS = 1000;

/** Checks `{ "flights": [...] }`: every problem of every flight, each at `flights[i]...`. */
export function parseFlightImport(input: unknown, today: string): Parsed<Flight[]> {
  const issues: ValidationIssue[] = [];
  const body = BodyReader.object(issues, '', input);
  if (!body) return { ok: false, issues };
  body.onlyKnown(['flights']);
  const list = body.raw('flights');
  if (list === undefined) body.problem('flights', 'required', 'is required');
  else if (!Array.isArray(list)) body.problem('flights', 'wrong_type', 'must be an array of flights');
  else if (list.length === 0) body.problem('flights', 'empty', 'must hold at least one flight');
  else if (list.length > MAX_IMPORT_FLIGHTS) {
    body.problem('flights', 'too_many', `must hold at most ${MAX_IMPORT_FLIGHTS} flights`);
  }
  if (issues.length > 0 || !Array.isArray(list)) return { ok: false, issues };
  const flights: Flight[] = [];
  list.forEach((item, i) => {
    const parsed = parseFlight(item, today, `flights[${i}]`);
    if (parsed.ok) flights.push(parsed.value);
    else issues.push(...parsed.issues);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: flights };
}
