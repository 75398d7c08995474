import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type StartingTotals } from '@pft/contracts';
import { CurrentPilot } from '../auth/current-pilot.decorator';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import { STARTING_TOTALS } from '../openapi/pilot-app.schemas';
import { GetStartingTotalsQuery } from './get-starting-totals.query';

@Controller('pilot/v1/starting-totals')
export class GetStartingTotalsController {
  constructor(private readonly queryBus: QueryBus) {}

  /** What the form of the pilot web app starts from, so that saving one field keeps the others. */
  @Get()
  @PilotAppOperation({
    tag: 'starting totals',
    summary: 'The starting totals',
    retry: 'safe: it only reads.',
    description:
      'The starting totals as stored by the last PUT (the same answer), every field 0 before any was entered.',
    success: { status: 200, data: STARTING_TOTALS, description: 'The stored starting totals' },
  })
  get(@CurrentPilot() pilot: string): Promise<StartingTotals> {
    return this.queryBus.execute(new GetStartingTotalsQuery(pilot));
  }
}
