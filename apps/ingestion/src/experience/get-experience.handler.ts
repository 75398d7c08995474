import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { FlightsRepository, StartingTotalsRepository } from '@pft/logbook';
import { type Experience, experienceAsOf } from '@pft/totals/domain';
import { GetExperienceQuery } from './get-experience.query';

/**
 * The pilot's own experience, computed live from the write-side tables with the rules the partners'
 * answers come from, as the pilot's own totals are.
 */
@QueryHandler(GetExperienceQuery)
export class GetExperienceHandler implements IQueryHandler<GetExperienceQuery, Experience> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly flights: FlightsRepository,
    private readonly startingTotals: StartingTotalsRepository,
  ) {}

  async execute({ pilot, asOf }: GetExperienceQuery): Promise<Experience> {
    // One snapshot for both reads, so a concurrent command is seen whole or not at all.
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const flights = await this.flights.current(tx, pilot);
      return experienceAsOf(flights, await this.startingTotals.find(tx, pilot), asOf);
    });
  }
}
