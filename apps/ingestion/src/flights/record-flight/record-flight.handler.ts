import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { parseFlight } from '@pft/logbook/domain';
import { CommandPipeline } from '@pft/event-store';
import { FlightsRepository, invalidRequest, recordFlight } from '@pft/logbook';
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
    return recordFlight(this.pipeline, this.flights, { pilot, flight: parsed.value, requestId });
  }
}
