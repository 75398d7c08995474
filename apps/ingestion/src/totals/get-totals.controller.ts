import { Controller, Get } from '@nestjs/common';
import { type PilotTotals } from '@pft/contracts';
import { CurrentPilot } from '../auth/current-pilot.decorator';
import { GetTotalsQuery } from './get-totals.query';

@Controller('pilot/v1/totals')
export class GetTotalsController {
  constructor(private readonly query: GetTotalsQuery) {}

  @Get()
  get(@CurrentPilot() pilot: string): Promise<PilotTotals> {
    return this.query.execute(pilot);
  }
}
