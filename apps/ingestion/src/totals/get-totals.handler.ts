import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { type PilotTotals } from '@pft/contracts';
import { computeTotals } from '@pft/totals/domain';
import { FlightsRepository } from '@pft/logbook';
import { StartingTotalsRepository } from '@pft/logbook';
import { GetTotalsQuery } from './get-totals.query';

/** The pilot's own totals, computed live from the write-side tables with the same fold the projector uses. */
@QueryHandler(GetTotalsQuery)
export class GetTotalsHandler implements IQueryHandler<GetTotalsQuery, PilotTotals> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly flights: FlightsRepository,
    private readonly startingTotals: StartingTotalsRepository,
  ) {}

  async execute({ pilot }: GetTotalsQuery): Promise<PilotTotals> {
    // One snapshot for both reads, so a concurrent command is seen whole or not at all.
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const flights = await this.flights.current(tx, pilot);
      return computeTotals(flights, await this.startingTotals.find(tx, pilot));
    });
  }
}
