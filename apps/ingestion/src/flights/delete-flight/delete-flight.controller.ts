import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { DeleteFlightCommand } from './delete-flight.command';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';

@Controller('pilot/v1/flights')
export class DeleteFlightController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete(':flight_id')
  @PilotAppOperation({
    tag: 'flights',
    summary: 'Delete a flight',
    retry:
      'answered 204 when the first was not recorded, 404 FLIGHT_NOT_FOUND when it was (after a 503 WRITE_OUTCOME_UNKNOWN, that 404 means the flight is deleted; after a 503 SERVICE_UNAVAILABLE it cannot follow).',
    description:
      'The flight no longer counts in any totals. Unknown, already deleted or another pilot’s: 404 ' +
      'FLIGHT_NOT_FOUND. A deleted flight_id cannot be recorded again (409 CONFLICT).',
    pathParam: { name: 'flight_id', description: 'The flight to delete' },
    success: { status: 204, description: 'Deleted' },
    errors: ['FLIGHT_NOT_FOUND', 'WRITE_OUTCOME_UNKNOWN'],
  })
  @HttpCode(204)
  async remove(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('flight_id') flightId: string,
  ): Promise<void> {
    await this.commandBus.execute(new DeleteFlightCommand(pilot, flightId, requestId));
  }
}
