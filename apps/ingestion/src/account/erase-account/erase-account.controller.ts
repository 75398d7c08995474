import { Controller, Delete, HttpCode } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { ACCOUNT_STATUS } from '../../openapi/pilot-app-privacy.schemas';
import { EraseAccountCommand } from './erase-account.command';

@Controller('pilot/v1/account')
export class EraseAccountController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete()
  @PilotAppOperation({
    tag: 'account',
    summary: 'Erase the account',
    retry: 'safe: an erasure under way is not started again.',
    description:
      'Within a minute: every connection is ended (partners get pilot.disconnected, their pilot_id answers ' +
      '404), the pilot’s data key is destroyed so nothing of the logbook can be read from the event store or ' +
      'the topic, and every copy derived from it is deleted. Until then every other request of the pilot ' +
      'answers 410 ACCOUNT_ERASED; afterwards the same account starts again, empty.',
    servedDuringErasure: true,
    success: { status: 202, data: ACCOUNT_STATUS, description: 'The erasure is under way' },
  })
  @HttpCode(202)
  erase(@CurrentPilot() pilot: string, @RequestId() requestId: string): Promise<{ status: 'erasing' }> {
    return this.commandBus.execute(new EraseAccountCommand(pilot, requestId));
  }
}
