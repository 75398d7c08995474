import { Controller, Get } from '@nestjs/common';
import { CurrentPilot } from '../../auth/current-pilot.decorator';
import { ListConnectionsQuery, type PilotConnection } from './list-connections.query';

@Controller('pilot/v1/connections')
export class ListConnectionsController {
  constructor(private readonly query: ListConnectionsQuery) {}

  @Get()
  list(@CurrentPilot() pilot: string): Promise<{ connections: PilotConnection[] }> {
    return this.query.execute(pilot);
  }
}
