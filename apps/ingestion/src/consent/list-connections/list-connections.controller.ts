import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPilot } from '../../auth/current-pilot.decorator';
import { ListConnectionsQuery, type PilotConnection } from './list-connections.query';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { CONNECTIONS } from '../../openapi/pilot-app-consent.schemas';

@Controller('pilot/v1/connections')
export class ListConnectionsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PilotAppOperation({
    tag: 'consent',
    summary: "The pilot's active connections",
    retry: 'safe: it only reads.',
    description:
      'Each partner that redeemed one of the pilot’s linking codes and was not disconnected since. ' +
      'connection_id is the pilot_id that partner holds, and what DELETE takes to disconnect it.',
    success: { status: 200, data: CONNECTIONS, description: 'Each partner the pilot is linked to' },
  })
  list(@CurrentPilot() pilot: string): Promise<{ connections: PilotConnection[] }> {
    return this.queryBus.execute(new ListConnectionsQuery(pilot));
  }
}
