import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { CONNECTION, SHARING_REQUEST } from '../../openapi/pilot-app-consent.schemas';
import { type PilotConnection } from '../list-connections/list-connections.query';
import { sharingExperience } from '../sharing-body';
import { SetSharingCommand } from './set-sharing.command';

@Controller('pilot/v1/connections')
export class SetSharingController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(':connection_id/sharing')
  @PilotAppOperation({
    tag: 'consent',
    summary: 'Share experience with a partner, or stop',
    retry: 'the same answer: sharing already as asked changes nothing.',
    description:
      'Every connection shares the lifetime totals; experience (recent flying, time by aircraft, currency, ' +
      'requirement checks) only while experience is true. The partner gets pilot.sharing_updated when this ' +
      'changes what it shares, nothing when it does not. From the moment a withdrawal answers, no partner ' +
      'API replica serves the partner the pilot’s experience. Another pilot’s, an ended or an unknown ' +
      'connection: 404 CONNECTION_NOT_FOUND.',
    pathParam: { name: 'connection_id', description: 'A connection_id from GET /pilot/v1/connections' },
    body: SHARING_REQUEST,
    success: {
      status: 200,
      data: CONNECTION,
      description: 'The connection, as GET /pilot/v1/connections lists it',
    },
    errors: ['INVALID_REQUEST', 'CONNECTION_NOT_FOUND', 'WRITE_OUTCOME_UNKNOWN'],
  })
  @HttpCode(200)
  set(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('connection_id') connectionId: string,
    @Body() body: unknown,
  ): Promise<PilotConnection> {
    const share = sharingExperience(body);
    return this.commandBus.execute(new SetSharingCommand(pilot, connectionId, share, requestId));
  }
}
