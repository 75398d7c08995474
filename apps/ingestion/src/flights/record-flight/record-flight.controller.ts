import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type FastifyReply } from 'fastify';
import { type Flight } from '@pft/contracts';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { FlightBodyPipe } from '../flight-body.pipe';
import { RecordFlightCommand } from './record-flight.command';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { FLIGHT_BODY, STORED_FLIGHT } from '../../openapi/pilot-app.schemas';

@Controller('pilot/v1/flights')
export class RecordFlightController {
  constructor(private readonly commandBus: CommandBus) {}

  /** 201 with the stored flight; 200 with it when the same flight was sent again. */
  @Post()
  @PilotAppOperation({
    tag: 'flights',
    summary: 'Record a flight',
    retry:
      'safe: the same flight_id with the same body answers 200 with the stored flight and records nothing new.',
    description:
      'flight_id is chosen by the client: the same request sent again answers 200 with the same flight and ' +
      'records nothing new; the same flight_id with another body (or a deleted flight_id): 409 CONFLICT.',
    body: FLIGHT_BODY,
    success: { status: 201, data: STORED_FLIGHT, description: 'The stored flight' },
    alsoSuccess: { status: 200, data: STORED_FLIGHT, description: 'The same flight was sent again' },
    errors: ['INVALID_REQUEST', 'CONFLICT', 'WRITE_OUTCOME_UNKNOWN'],
  })
  @HttpCode(201)
  async record(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body(FlightBodyPipe) flight: Flight,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Flight> {
    const result = await this.commandBus.execute(new RecordFlightCommand(pilot, flight, requestId));
    if (!result.created) void reply.status(200);
    return result.flight;
  }
}
