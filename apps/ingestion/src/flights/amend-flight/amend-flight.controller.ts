import { Body, Controller, Param, Put } from '@nestjs/common';
import { type Flight } from '@pft/contracts';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { AmendFlightHandler } from './amend-flight.handler';

@Controller('pilot/v1/flights')
export class AmendFlightController {
  constructor(private readonly handler: AmendFlightHandler) {}

  @Put(':flight_id')
  amend(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('flight_id') flightId: string,
    @Body() body: unknown,
  ): Promise<Flight> {
    return this.handler.execute(pilot, flightId, body, requestId);
  }
}
