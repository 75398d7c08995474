import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { BodyLimit, IMPORT_BODY_LIMIT } from '../../http/body-limits';
import { FlightImportBodyPipe } from '../flight-body.pipe';
import { ImportFlightsCommand } from './import-flights.command';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { IMPORT_BODY, IMPORTED } from '../../openapi/pilot-app.schemas';

@Controller('pilot/v1/flights')
export class ImportFlightsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('import')
  @PilotAppOperation({
    tag: 'flights',
    summary: 'Import up to 1,000 flights',
    retry:
      'safe: flights already recorded with the same body are recorded once, and the import is answered 201 again.',
    description:
      'All or nothing: one invalid flight rejects the whole request, with the index of each bad flight in ' +
      'details (400; a flight_id already recorded differently: 409). Body at most 1 MB.',
    body: IMPORT_BODY,
    success: {
      status: 201,
      data: IMPORTED,
      description: 'How many flights the import holds, each now recorded (once, whether new or sent before)',
    },
    errors: ['INVALID_REQUEST', 'CONFLICT', 'WRITE_OUTCOME_UNKNOWN'],
  })
  @HttpCode(201)
  @BodyLimit(IMPORT_BODY_LIMIT)
  import(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body(FlightImportBodyPipe) flights: readonly Flight[],
  ): Promise<{ imported: number }> {
    return this.commandBus.execute(new ImportFlightsCommand(pilot, flights, requestId));
  }
}
