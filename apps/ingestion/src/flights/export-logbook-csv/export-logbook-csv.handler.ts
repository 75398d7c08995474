import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { formatLogbookCsv } from '@pft/logbook/domain';
import { FlightsRepository } from '@pft/logbook';
import { ExportLogbookCsvQuery } from './export-logbook-csv.query';

@QueryHandler(ExportLogbookCsvQuery)
export class ExportLogbookCsvHandler implements IQueryHandler<ExportLogbookCsvQuery, string> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly flights: FlightsRepository,
  ) {}

  /** Oldest first, as a paper logbook reads; the same date in flight id order, so an export is stable. */
  async execute({ pilot }: ExportLogbookCsvQuery): Promise<string> {
    const flights = await this.flights.current(this.dataSource, pilot);
    flights.sort((a, b) =>
      a.date === b.date ? (a.flight_id < b.flight_id ? -1 : 1) : a.date < b.date ? -1 : 1,
    );
    return formatLogbookCsv(flights);
  }
}
