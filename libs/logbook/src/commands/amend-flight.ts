import { type Flight, isUuid, logbookStreamId } from '@pft/contracts';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { decideAmendFlight } from '../domain/logbook.decide';
import { type FlightsRepository } from '../tables/flights.repository';
import { accepted } from './logbook-answers';

/**
 * Replaces a recorded flight with `flight` (already parsed): its FlightAmended and its flights row in
 * one transaction. An id that is not a UUID, unknown, deleted or another pilot's, or a flight whose
 * flight_id is not the one replaced, is refused (decideAmendFlight). The same flight again appends
 * nothing: the flight as it stands.
 */
export async function amendFlight(
  pipeline: CommandPipeline,
  flightsRepository: FlightsRepository,
  command: { pilot: string; flightId: string; flight: Flight; requestId: string },
): Promise<Flight> {
  const { pilot, flightId, flight, requestId } = command;
  const decision = await pipeline.handle({
    streamId: logbookStreamId(pilot),
    metadata: { request_id: requestId },
    load: (tx) =>
      isUuid(flightId)
        ? flightsRepository.state(tx, pilot, flightId.toLowerCase())
        : Promise.resolve(undefined),
    decide: (state) => accepted(decideAmendFlight(state, pilot, flightId, flight)),
    project: async (tx, decided) => {
      if (decided.events.length > 0) await flightsRepository.save(tx, pilot, flight);
    },
  });
  return decision.events.length === 0 ? (decision.flight ?? flight) : flight;
}
