import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { logbookStreamId } from '@pft/contracts';
import { decideImportFlights, parseFlightImport } from '@pft/domain';
import { CommandPipeline } from '@pft/event-store';
import { invalidRequest } from '../../http/api-rejection';
import { FlightsRepository } from '@pft/event-store';
import { accepted } from '../logbook-decision';
import { todayUtc } from '../today';
import { ImportFlightsCommand } from './import-flights.command';

/**
 * A logbook import: one transaction, one statement for the events and the flights made from them, so
 * a thousand flights cost about what one does (no round trip per flight, the flights sent once).
 */
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
    await this.pipeline.handle({
      streamId: logbookStreamId(pilot),
      metadata: { request_id: requestId },
      load: (tx) =>
        this.flights.states(
          tx,
          pilot,
          flights.map((f) => f.flight_id),
        ),
      decide: (states) => accepted(decideImportFlights(states, pilot, flights)),
      projectFromAppended: FlightsRepository.INSERT_RECORDED_FLIGHTS,
    });
    return { imported: flights.length };
  }
}
