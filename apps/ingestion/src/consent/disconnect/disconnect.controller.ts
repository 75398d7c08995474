import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { DisconnectCommand } from './disconnect.command';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';

@Controller('pilot/v1/connections')
export class DisconnectController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete(':connection_id')
  @PilotAppOperation({
    tag: 'consent',
    summary: 'Disconnect a partner',
    retry:
      'answered 204 when the first was not recorded, 404 CONNECTION_NOT_FOUND when it was (after a 503 WRITE_OUTCOME_UNKNOWN, that 404 means the connection has ended).',
    description:
      "From the moment this answers, the partner's pilot_id no longer resolves; a later link issues a new one.",
    pathParam: { name: 'connection_id', description: 'A connection_id from GET /pilot/v1/connections' },
    success: { status: 204, description: 'Disconnected' },
    errors: ['CONNECTION_NOT_FOUND', 'WRITE_OUTCOME_UNKNOWN'],
  })
  @HttpCode(204)
  async disconnect(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('connection_id') connectionId: string,
  ): Promise<void> {
    await this.commandBus.execute(new DisconnectCommand(pilot, connectionId, requestId));
  }
}
