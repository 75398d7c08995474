import { type Flight, type FlightRecorded, logbookStreamId } from '@pft/contracts';
import { decideImportFlights } from '../domain/logbook.decide';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { type FlightsRepository } from '../tables/flights.repository';
import { accepted } from './logbook-answers';

/**
 * Records flights a pilot's logbook imports: one transaction, one statement for the events and the
 * flights rows, so a thousand flights cost about what one does. The pilot app's import and
 * the sandbox's fixtures both write through it.
 */
export function importFlights(
  pipeline: CommandPipeline,
  flightsRepository: FlightsRepository,
  command: { pilot: string; flights: readonly Flight[]; requestId: string },
): Promise<{ events: FlightRecorded[] }> {
  const { pilot, flights, requestId } = command;
  return pipeline.handle({
    streamId: logbookStreamId(pilot),
    metadata: { request_id: requestId },
    load: (tx) =>
      flightsRepository.states(
        tx,
        pilot,
        flights.map((f) => f.flight_id),
      ),
    decide: (states) => accepted(decideImportFlights(states, pilot, flights)),
    projectFromAppended: (decided) =>
      flightsRepository.insertRecorded(
        pilot,
        decided.events.map((e) => e.payload.flight),
      ),
  });
}
