import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '@pft/event-store';
import { FlightsRepository, recordFlight } from '@pft/logbook';
import { RecordFlightCommand, type RecordFlightResult } from './record-flight.command';

@CommandHandler(RecordFlightCommand)
export class RecordFlightHandler implements ICommandHandler<RecordFlightCommand, RecordFlightResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  execute({ pilot, flight, requestId }: RecordFlightCommand): Promise<RecordFlightResult> {
    return recordFlight(this.pipeline, this.flights, { pilot, flight, requestId });
  }
}
