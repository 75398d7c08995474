import { type Flight, zeroFlightMinutes } from '@pft/contracts';
import { flightBody } from './flight-body';

/**
 * The payload of a FlightRecorded of `pilot`, as the tests of sealing and erasure store it: flightBody's
 * flight with `remarks` (the text a test looks for, sealed or in the clear), no minutes and no landings.
 */
export function flightRecordedPayload(
  pilot: string,
  remarks: string,
): { pilot_account_id: string; flight: Flight } {
  return {
    pilot_account_id: pilot,
    flight: {
      ...flightBody({ remarks }),
      minutes: zeroFlightMinutes(),
      landings: { day: 0, night: 0 },
    } as Flight,
  };
}
