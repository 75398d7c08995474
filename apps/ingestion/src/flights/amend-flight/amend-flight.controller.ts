import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { FlightBodyPipe } from '../flight-body.pipe';
import { AmendFlightCommand } from './amend-flight.command';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { FLIGHT_BODY, STORED_FLIGHT } from '../../openapi/pilot-app.schemas';

@Controller('pilot/v1/flights')
export class AmendFlightController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(':flight_id')
  @PilotAppOperation({
    tag: 'flights',
    summary: 'Replace a flight',
    retry: 'safe: the same flight replaces the stored one with itself, answered 200.',
    description:
      "The full flight; its flight_id must equal the path's. Unknown or deleted: 404 FLIGHT_NOT_FOUND.",
    pathParam: { name: 'flight_id', description: 'The flight to replace' },
    body: FLIGHT_BODY,
    success: { status: 200, data: STORED_FLIGHT, description: 'The stored flight' },
    errors: ['INVALID_REQUEST', 'FLIGHT_NOT_FOUND', 'WRITE_OUTCOME_UNKNOWN'],
  })
  amend(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('flight_id') flightId: string,
    @Body(FlightBodyPipe) flight: Flight,
  ): Promise<Flight> {
    return this.commandBus.execute(new AmendFlightCommand(pilot, flightId, flight, requestId));
  }
}
