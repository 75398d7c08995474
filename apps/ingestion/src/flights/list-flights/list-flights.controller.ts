import { Controller, Get, Query } from '@nestjs/common';
import { CurrentPilot } from '../../auth/current-pilot.decorator';
import { type FlightsPage, ListFlightsQuery } from './list-flights.query';

@Controller('pilot/v1/flights')
export class ListFlightsController {
  constructor(private readonly query: ListFlightsQuery) {}

  @Get()
  list(
    @CurrentPilot() pilot: string,
    @Query() params: { cursor?: unknown; limit?: unknown },
  ): Promise<FlightsPage> {
    return this.query.execute(pilot, params);
  }
}
