import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { type StartingTotals } from '@pft/contracts';
import { StartingTotalsRepository } from '@pft/logbook';
import { ZERO_STARTING_TOTALS } from '@pft/logbook/domain';
import { GetStartingTotalsQuery } from './get-starting-totals.query';

/** The starting totals as the last `PUT` stored them (the same answer), or all 0 before any. */
@QueryHandler(GetStartingTotalsQuery)
export class GetStartingTotalsHandler implements IQueryHandler<GetStartingTotalsQuery, StartingTotals> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly startingTotals: StartingTotalsRepository,
  ) {}

  async execute({ pilot }: GetStartingTotalsQuery): Promise<StartingTotals> {
    return (await this.startingTotals.find(this.dataSource, pilot)) ?? structuredClone(ZERO_STARTING_TOTALS);
  }
}
