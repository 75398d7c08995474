import { invalidRequest } from '@pft/logbook';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { type ValidationIssue } from '@pft/logbook/domain';
import { FlightsRepository } from '@pft/logbook';
import { decodeCursor, encodeCursor } from './flights-cursor';
import { type FlightsPage, ListFlightsQuery } from './list-flights.query';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

@QueryHandler(ListFlightsQuery)
export class ListFlightsHandler implements IQueryHandler<ListFlightsQuery, FlightsPage> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly flights: FlightsRepository,
  ) {}

  async execute({ pilot, params: query }: ListFlightsQuery): Promise<FlightsPage> {
    const issues: ValidationIssue[] = [];
    let limit = DEFAULT_PAGE_SIZE;
    if (query.limit !== undefined) {
      const n = typeof query.limit === 'string' && /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : NaN;
      if (n >= 1 && n <= MAX_PAGE_SIZE) limit = n;
      else
        issues.push({
          field: 'limit',
          issue: 'out_of_range',
          message: `must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
        });
    }
    let after = null;
    if (query.cursor !== undefined && query.cursor !== '') {
      after = typeof query.cursor === 'string' ? decodeCursor(query.cursor) : null;
      if (!after)
        issues.push({
          field: 'cursor',
          issue: 'invalid_format',
          message: 'is not a cursor this API gave out',
        });
    }
    if (issues.length > 0) throw invalidRequest(issues);
    // One more than asked tells whether another page follows.
    const rows = await this.flights.page(this.dataSource, pilot, after, limit + 1);
    const flights = rows.slice(0, limit);
    const last = flights[flights.length - 1];
    return {
      flights,
      next_cursor:
        rows.length > limit && last ? encodeCursor({ date: last.date, flightId: last.flight_id }) : null,
    };
  }
}
