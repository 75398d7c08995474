import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { parseFlightImport } from '@pft/logbook/domain';
import { CommandPipeline } from '@pft/event-store';
import { FlightsRepository, importFlights, invalidRequest } from '@pft/logbook';
import { todayUtc } from '../today';
import { ImportFlightsCommand } from './import-flights.command';

/** A logbook import (importFlights: one transaction, one statement for the events and the flights). */
@CommandHandler(ImportFlightsCommand)
export class ImportFlightsHandler implements ICommandHandler<ImportFlightsCommand, { imported: number }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly flights: FlightsRepository,
  ) {}

  async execute({ pilot, body, requestId }: ImportFlightsCommand): Promise<{ imported: number }> {
    const parsed = parseFlightImport(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const flights = parsed.value;
    await importFlights(this.pipeline, this.flights, { pilot, flights, requestId });
    return { imported: flights.length };
  }
}
