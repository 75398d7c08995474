import { accepted } from '@pft/logbook';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { logbookStreamId } from '@pft/contracts';
import { decideDeleteFlight } from '@pft/logbook/domain';
import { isUuid } from '@pft/contracts';
import { CommandPipeline } from '@pft/event-store';
import { FlightsRepository } from '@pft/logbook';
import { DeleteFlightCommand } from './delete-flight.command';

@CommandHandler(DeleteFlightCommand)
export class DeleteFlightHandler implements ICommandHandler<DeleteFlightCommand, void> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  async execute({ pilot, flightId, requestId }: DeleteFlightCommand): Promise<void> {
    const id = flightId.toLowerCase();
    await this.pipeline.handle({
      streamId: logbookStreamId(pilot),
      metadata: { request_id: requestId },
      load: (tx) => (isUuid(flightId) ? this.flights.state(tx, pilot, id) : Promise.resolve(undefined)),
      decide: (state) => accepted(decideDeleteFlight(state, pilot)),
      project: (tx) => this.flights.markDeleted(tx, pilot, id),
    });
  }
}
