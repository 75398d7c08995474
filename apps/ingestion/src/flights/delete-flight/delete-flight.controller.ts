import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { DeleteFlightHandler } from './delete-flight.handler';

@Controller('pilot/v1/flights')
export class DeleteFlightController {
  constructor(private readonly handler: DeleteFlightHandler) {}

  @Delete(':flight_id')
  @HttpCode(204)
  async remove(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('flight_id') flightId: string,
  ): Promise<void> {
    await this.handler.execute(pilot, flightId, requestId);
  }
}
