import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';
import { CommandPipeline } from '@pft/event-store';
import { amendFlight, FlightsRepository } from '@pft/logbook';
import { AmendFlightCommand } from './amend-flight.command';

@CommandHandler(AmendFlightCommand)
export class AmendFlightHandler implements ICommandHandler<AmendFlightCommand, Flight> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  execute({ pilot, flightId, flight, requestId }: AmendFlightCommand): Promise<Flight> {
    return amendFlight(this.pipeline, this.flights, { pilot, flightId, flight, requestId });
  }
}
