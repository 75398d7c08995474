import { Body, Controller, Put } from '@nestjs/common';
import { type StartingTotals } from '@pft/contracts';
import { CurrentPilot, RequestId } from '../auth/current-pilot.decorator';
import { SetStartingTotalsHandler } from './set-starting-totals.handler';

@Controller('pilot/v1/starting-totals')
export class SetStartingTotalsController {
  constructor(private readonly handler: SetStartingTotalsHandler) {}

  @Put()
  set(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body() body: unknown,
  ): Promise<StartingTotals> {
    return this.handler.execute(pilot, body, requestId);
  }
}
