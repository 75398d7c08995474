import { Controller, Get, Query } from '@nestjs/common';
import { CurrentPilot } from '../../auth/current-pilot.decorator';
import { type FlightsPage, ListFlightsQuery } from './list-flights.query';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { FLIGHTS_PAGE } from '../../openapi/pilot-app.schemas';

@Controller('pilot/v1/flights')
export class ListFlightsController {
  constructor(private readonly query: ListFlightsQuery) {}

  @Get()
  @PilotAppOperation({
    tag: 'flights',
    summary: "The pilot's flights, newest date first",
    query: [
      { name: 'cursor', description: 'next_cursor of the page before', schema: { type: 'string' } },
      {
        name: 'limit',
        description: '1 to 200, default 50',
        schema: { type: 'integer', minimum: 1, maximum: 200 },
      },
    ],
    success: { status: 200, data: FLIGHTS_PAGE, description: 'One page' },
    errors: ['INVALID_REQUEST'],
  })
  list(
    @CurrentPilot() pilot: string,
    @Query() params: { cursor?: unknown; limit?: unknown },
  ): Promise<FlightsPage> {
    return this.query.execute(pilot, params);
  }
}
