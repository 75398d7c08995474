import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '@pft/event-store';
import { FlightsRepository, importFlights } from '@pft/logbook';
import { ImportFlightsCommand } from './import-flights.command';

/** A logbook import (importFlights: one transaction, one statement for the events and the flights). */
@CommandHandler(ImportFlightsCommand)
export class ImportFlightsHandler implements ICommandHandler<ImportFlightsCommand, { imported: number }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  async execute({ pilot, flights, requestId }: ImportFlightsCommand): Promise<{ imported: number }> {
    await importFlights(this.pipeline, this.flights, { pilot, flights, requestId });
    return { imported: flights.length };
  }
}
