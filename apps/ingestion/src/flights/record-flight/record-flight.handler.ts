import { accepted, invalidRequest } from '@pft/event-store';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { logbookStreamId } from '@pft/contracts';
import { decideRecordFlight, parseFlight } from '@pft/domain';
import { CommandPipeline } from '@pft/event-store';
import { FlightsRepository } from '@pft/event-store';
import { todayUtc } from '../today';
import { RecordFlightCommand, type RecordFlightResult } from './record-flight.command';

@CommandHandler(RecordFlightCommand)
export class RecordFlightHandler implements ICommandHandler<RecordFlightCommand, RecordFlightResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  async execute({ pilot, body, requestId }: RecordFlightCommand): Promise<RecordFlightResult> {
    const parsed = parseFlight(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const flight = parsed.value;
    const decision = await this.pipeline.handle({
      streamId: logbookStreamId(pilot),
      metadata: { request_id: requestId },
      // The common case, a flight id not seen before, in one statement (one round trip, no lock). A
      // replay, a conflict or a concurrent append to the pilot's stream goes the locked way.
      guess: { state: undefined, guard: () => this.flights.insertIfNew(pilot, flight) },
      load: (tx) => this.flights.state(tx, pilot, flight.flight_id),
      decide: (state) => accepted(decideRecordFlight(state, pilot, flight)),
      project: async (tx, decided) => {
        if (decided.events.length > 0) await this.flights.save(tx, pilot, flight);
      },
    });
    if (decision.events.length === 0) return { flight: decision.flight ?? flight, created: false };
    return { flight, created: true };
  }
}
