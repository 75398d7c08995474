import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type PilotTotals } from '@pft/contracts';
import { CurrentPilot } from '../auth/current-pilot.decorator';
import { GetTotalsQuery } from './get-totals.query';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import { OWN_TOTALS } from '../openapi/pilot-app.schemas';

/** The partner API's 2.4 without `pilot_id`. */
export type OwnTotals = PilotTotals & { last_updated: string };

@Controller('pilot/v1/totals')
export class GetTotalsController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Computed live from the write side, so complete as of the moment of the read. */
  @Get()
  @PilotAppOperation({
    tag: 'totals',
    summary: "The pilot's own totals",
    retry: 'safe: it only reads.',
    description:
      "The partner API's 2.4 without pilot_id, computed live: last_updated is the time of the read.",
    success: { status: 200, data: OWN_TOTALS, description: 'The totals' },
  })
  async get(@CurrentPilot() pilot: string): Promise<OwnTotals> {
    const totals = await this.queryBus.execute(new GetTotalsQuery(pilot));
    return { last_updated: new Date().toISOString(), ...totals };
  }
}
