import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { BodyLimit, IMPORT_BODY_LIMIT } from '../../http/body-limits';
import { ImportFlightsHandler } from './import-flights.handler';

@Controller('pilot/v1/flights')
export class ImportFlightsController {
  constructor(private readonly handler: ImportFlightsHandler) {}

  @Post('import')
  @HttpCode(201)
  @BodyLimit(IMPORT_BODY_LIMIT)
  import(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body() body: unknown,
  ): Promise<{ imported: number }> {
    return this.handler.execute(pilot, body, requestId);
  }
}
