import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { DisconnectHandler } from './disconnect.handler';

@Controller('pilot/v1/connections')
export class DisconnectController {
  constructor(private readonly handler: DisconnectHandler) {}

  @Delete(':connection_id')
  @HttpCode(204)
  async disconnect(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('connection_id') connectionId: string,
  ): Promise<void> {
    await this.handler.execute(pilot, connectionId, requestId);
  }
}
