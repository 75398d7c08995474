import { type Flight } from '@pft/contracts';
import { type DeliveredLogbookEvent } from './totals.oracle';

/** `flight` recorded in the pilot's logbook (FlightRecorded, version 2), delivered at `streamVersion`. */
export const flightRecordedAt = (
  pilotId: string,
  streamVersion: number,
  flight: Flight,
): DeliveredLogbookEvent => ({
  stream_version: streamVersion,
  event: { type: 'FlightRecorded', version: 2, payload: { pilot_account_id: pilotId, flight } },
});
