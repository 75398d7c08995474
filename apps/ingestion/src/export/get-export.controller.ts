import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPilot } from '../auth/current-pilot.decorator';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import { PILOT_EXPORT } from '../openapi/pilot-app-privacy.schemas';
import { GetExportQuery } from './get-export.query';
import { type PilotExport } from './pilot-export';

@Controller('pilot/v1/export')
export class GetExportController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PilotAppOperation({
    tag: 'privacy',
    summary: 'Everything the service holds about the pilot, as JSON',
    retry: 'safe: it only reads.',
    description:
      'The pilot’s data as of one moment (GDPR articles 15 and 20): the account id, the current flights, ' +
      'every event of the logbook (each flight recorded, amended and deleted, starting totals set) with ' +
      'its time, the starting totals, every connection to a partner past and present, the consent events ' +
      '(linking codes issued, as their hashes; links; disconnects) and the whole access history.',
    success: { status: 200, data: PILOT_EXPORT, description: 'The pilot’s data' },
  })
  get(@CurrentPilot() pilot: string): Promise<PilotExport> {
    return this.queryBus.execute(new GetExportQuery(pilot));
  }
}
