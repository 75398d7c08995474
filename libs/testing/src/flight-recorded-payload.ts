import { type Flight, type FlightRecorded, zeroFlightMinutes } from '@pft/contracts';
import { flightBody } from './flight-body';
import { flightRecorded } from './oracle/delivered-flights';

/**
 * A FlightRecorded of `pilot`, as the tests of sealing and erasure store it: flightBody's flight with
 * `remarks` (the text a test looks for, sealed or in the clear), no minutes and no landings.
 */
export function recordedFlightEvent(pilot: string, remarks: string): FlightRecorded {
  return flightRecorded(pilot, {
    ...flightBody({ remarks }),
    minutes: zeroFlightMinutes(),
    landings: { day: 0, night: 0 },
  } as Flight);
}

/** The payload of recordedFlightEvent(pilot, remarks), for the tests that write the events row themselves. */
export function flightRecordedPayload(pilot: string, remarks: string): FlightRecorded['payload'] {
  return recordedFlightEvent(pilot, remarks).payload;
}
