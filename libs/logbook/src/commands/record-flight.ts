import { type Flight, logbookStreamId } from '@pft/contracts';
import { decideRecordFlight } from '../domain/logbook.decide';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { type FlightsRepository } from '../tables/flights.repository';
import { accepted } from './logbook-answers';

/**
 * Records one flight a pilot logs: its FlightRecorded and its flights row in one transaction. The same
 * flight sent again records nothing (`created` false, with the flight as it stands); a known id sent
 * with other content, or a deleted one, is refused as a conflict (decideRecordFlight). The common case, a
 * flight id not seen before, goes in one statement (one round trip, no lock); a replay, a conflict or a
 * concurrent append to the pilot's stream goes the locked way. The pilot app's POST and the sandbox's
 * simulated flights both write through it.
 */
export async function recordFlight(
  pipeline: CommandPipeline,
  flightsRepository: FlightsRepository,
  command: { pilot: string; flight: Flight; requestId: string },
): Promise<{ flight: Flight; created: boolean }> {
  const { pilot, flight, requestId } = command;
  const decision = await pipeline.handle({
    streamId: logbookStreamId(pilot),
    metadata: { request_id: requestId },
    guess: { state: undefined, guard: () => flightsRepository.insertIfNew(pilot, flight) },
    load: (tx) => flightsRepository.state(tx, pilot, flight.flight_id),
    decide: (state) => accepted(decideRecordFlight(state, pilot, flight)),
    project: async (tx, decided) => {
      if (decided.events.length > 0) await flightsRepository.save(tx, pilot, flight);
    },
  });
  return decision.events.length === 0
    ? { flight: decision.flight ?? flight, created: false }
    : { flight, created: true };
}
