import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPilot } from '../../auth/current-pilot.decorator';
import { type FlightsPage, ListFlightsQuery } from './list-flights.query';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { FLIGHTS_PAGE } from '../../openapi/pilot-app.schemas';

@Controller('pilot/v1/flights')
export class ListFlightsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PilotAppOperation({
    tag: 'flights',
    summary: "The pilot's flights, newest date first",
    retry: 'safe: it only reads.',
    description:
      'Current flights only (not deleted ones), newest date first, in pages of limit flights (1 to 200, ' +
      'default 50). Pass next_cursor as cursor for the next page; it is null on the last. A limit or ' +
      'cursor not as described: 400 INVALID_REQUEST.',
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
    errorExamples: {
      INVALID_REQUEST: [
        {
          summary: 'limit out of range',
          message: 'limit must be a whole number from 1 to 200',
          details: [
            { field: 'limit', issue: 'out_of_range', message: 'must be a whole number from 1 to 200' },
          ],
        },
      ],
    },
  })
  list(
    @CurrentPilot() pilot: string,
    @Query() params: { cursor?: unknown; limit?: unknown },
  ): Promise<FlightsPage> {
    return this.queryBus.execute(new ListFlightsQuery(pilot, params));
  }
}
