import { isCalendarDate } from '@pft/logbook/domain';
import { isUuid } from '@pft/contracts';

/** Where the next page starts: the (date, flight id) of the last flight served, opaque to clients. */
export interface FlightsCursor {
  date: string;
  flightId: string;
}

export function encodeCursor(cursor: FlightsCursor): string {
  return Buffer.from(`${cursor.date}|${cursor.flightId}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string): FlightsCursor | null {
  const [date, flightId, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !date || !flightId || !isCalendarDate(date) || !isUuid(flightId)) return null;
  return { date, flightId };
}
