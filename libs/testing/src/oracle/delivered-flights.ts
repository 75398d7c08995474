import { type Flight, type FlightRecorded } from '@pft/contracts';
import { type DeliveredLogbookEvent } from './totals.oracle';

/** `flight` recorded in the pilot's logbook (FlightRecorded, version 2), as the write side appends it. */
export const flightRecorded = (pilotId: string, flight: Flight): FlightRecorded => ({
  type: 'FlightRecorded',
  version: 2,
  payload: { pilot_account_id: pilotId, flight },
});

/** `flight` recorded in the pilot's logbook (flightRecorded), delivered at `streamVersion`. */
export const flightRecordedAt = (
  pilotId: string,
  streamVersion: number,
  flight: Flight,
): DeliveredLogbookEvent => ({ stream_version: streamVersion, event: flightRecorded(pilotId, flight) });
