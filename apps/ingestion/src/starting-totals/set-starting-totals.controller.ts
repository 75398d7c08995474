import { Body, Controller, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type StartingTotals } from '@pft/contracts';
import { CurrentPilot, RequestId } from '../auth/current-pilot.decorator';
import { SetStartingTotalsCommand } from './set-starting-totals.command';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import { STARTING_TOTALS, STARTING_TOTALS_BODY } from '../openapi/pilot-app.schemas';

@Controller('pilot/v1/starting-totals')
export class SetStartingTotalsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put()
  @PilotAppOperation({
    tag: 'starting totals',
    summary: 'Replace the starting totals',
    retry: 'safe: the same starting totals replace the stored ones with themselves.',
    description: 'Hours carried over from an earlier logbook; every field optional (0).',
    body: STARTING_TOTALS_BODY,
    success: { status: 200, data: STARTING_TOTALS, description: 'The stored starting totals' },
    errors: ['INVALID_REQUEST', 'WRITE_OUTCOME_UNKNOWN'],
  })
  set(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body() body: unknown,
  ): Promise<StartingTotals> {
    return this.commandBus.execute(new SetStartingTotalsCommand(pilot, body, requestId));
  }
}
