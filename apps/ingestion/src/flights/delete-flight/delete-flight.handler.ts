import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '@pft/event-store';
import { deleteFlight, FlightsRepository } from '@pft/logbook';
import { DeleteFlightCommand } from './delete-flight.command';

@CommandHandler(DeleteFlightCommand)
export class DeleteFlightHandler implements ICommandHandler<DeleteFlightCommand, void> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  execute({ pilot, flightId, requestId }: DeleteFlightCommand): Promise<void> {
    return deleteFlight(this.pipeline, this.flights, { pilot, flightId, requestId });
  }
}
