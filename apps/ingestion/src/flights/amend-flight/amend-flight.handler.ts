import { accepted, invalidRequest } from '@pft/logbook';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Flight, logbookStreamId } from '@pft/contracts';
import { decideAmendFlight, parseFlight } from '@pft/logbook/domain';
import { isUuid } from '@pft/contracts';
import { CommandPipeline } from '@pft/event-store';
import { FlightsRepository } from '@pft/logbook';
import { todayUtc } from '../today';
import { AmendFlightCommand } from './amend-flight.command';

@CommandHandler(AmendFlightCommand)
export class AmendFlightHandler implements ICommandHandler<AmendFlightCommand, Flight> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  async execute({ pilot, flightId, body, requestId }: AmendFlightCommand): Promise<Flight> {
    const parsed = parseFlight(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const flight = parsed.value;
    const decision = await this.pipeline.handle({
      streamId: logbookStreamId(pilot),
      metadata: { request_id: requestId },
      load: (tx) =>
        isUuid(flightId) ? this.flights.state(tx, pilot, flightId.toLowerCase()) : Promise.resolve(undefined),
      decide: (state) => accepted(decideAmendFlight(state, pilot, flightId, flight)),
      project: async (tx, decided) => {
        if (decided.events.length > 0) await this.flights.save(tx, pilot, flight);
      },
    });
    return decision.events.length === 0 ? (decision.flight ?? flight) : flight;
  }
}
