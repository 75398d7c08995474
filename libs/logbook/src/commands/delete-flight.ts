import { isUuid, logbookStreamId } from '@pft/contracts';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { decideDeleteFlight } from '../domain/logbook.decide';
import { type FlightsRepository } from '../tables/flights.repository';
import { accepted } from './logbook-answers';

/**
 * Deletes a flight of a pilot's logbook: its FlightDeleted and the flights row marked deleted in one
 * transaction. An id that is not a UUID, unknown, already deleted or another pilot's is refused
 * (decideDeleteFlight).
 */
export async function deleteFlight(
  pipeline: CommandPipeline,
  flightsRepository: FlightsRepository,
  command: { pilot: string; flightId: string; requestId: string },
): Promise<void> {
  const { pilot, flightId, requestId } = command;
  const id = flightId.toLowerCase();
  await pipeline.handle({
    streamId: logbookStreamId(pilot),
    metadata: { request_id: requestId },
    load: (tx) => (isUuid(flightId) ? flightsRepository.state(tx, pilot, id) : Promise.resolve(undefined)),
    decide: (state) => accepted(decideDeleteFlight(state, pilot)),
    project: (tx) => flightsRepository.markDeleted(tx, pilot, id),
  });
}
