import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { type Flight } from '@pft/contracts';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { RecordFlightHandler } from './record-flight.handler';

@Controller('pilot/v1/flights')
export class RecordFlightController {
  constructor(private readonly handler: RecordFlightHandler) {}

  /** 201 with the stored flight; 200 with it when the same flight was sent again. */
  @Post()
  @HttpCode(201)
  async record(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Flight> {
    const result = await this.handler.execute(pilot, body, requestId);
    if (!result.created) void reply.status(200);
    return result.flight;
  }
}
