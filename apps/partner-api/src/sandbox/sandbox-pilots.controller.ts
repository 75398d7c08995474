import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Flight } from '@pft/contracts';
import { isUuid } from '@pft/contracts';
import { ApiError, BodyLimit } from '@pft/platform';
import { SANDBOX_FLIGHT_BODY_LIMIT } from '../body-limits';
import {
  type CallingPartner,
  CurrentPartner,
  PartnerWriteEndpoint,
} from '../auth/partner-endpoint.decorator';
import { invalidIdempotencyKey, missingScope, refusedField } from '../openapi/error-examples';
import { ApiJsonBody, ApiPartnerErrors, ApiWriteResponse } from '../openapi/openapi-responses';
import { DisconnectSandboxPilotCommand } from './disconnect-sandbox-pilot/disconnect-sandbox-pilot.command';
import { ResetSandboxPilotCommand } from './reset-sandbox-pilot/reset-sandbox-pilot.command';
import { SandboxDisconnectedDto, SandboxFlightDto, SandboxResetDto } from './sandbox.dto';
import { SimulateFlightCommand, type SimulateFlightResult } from './simulate-flight/simulate-flight.command';

const SANDBOX_ONLY = { sandboxOnly: true };
const PILOT_ID_MESSAGE = 'pilot_id must be a UUID';
const badPilotId = refusedField('pilot_id is not a UUID', PILOT_ID_MESSAGE, 'pilot_id', 'invalid_uuid');
const ABOUT =
  'Sandbox keys (`pft_test_`) only: a live key gets 404 NOT_FOUND, as for an unknown path. Scope ' +
  '`pilot-totals`. `pilot_id`: a fixture pilot linked to your sandbox (any other: 404 PILOT_NOT_FOUND). ' +
  'Each partner’s sandbox has pilot accounts of its own: nothing done here shows in another partner’s.';

/** The pilot_id of the path, in lower case; 400 when it is not a UUID. */
function pilotIdOf(value: string): string {
  if (!isUuid(value)) {
    throw new ApiError('INVALID_REQUEST', PILOT_ID_MESSAGE, [{ field: 'pilot_id', issue: 'invalid_uuid' }]);
  }
  return value.toLowerCase();
}

@ApiTags('sandbox')
@ApiParam({ name: 'pilot_id', format: 'uuid', description: 'A fixture pilot linked to your sandbox' })
@Controller('v1/sandbox/pilots/:pilot_id')
export class SandboxPilotsController {
  constructor(private readonly commandBus: CommandBus) {}

  /** 201 with the stored flight; 200 with it when the same flight was sent again, as the pilot app answers. */
  @Post('flights')
  @HttpCode(201)
  @BodyLimit(SANDBOX_FLIGHT_BODY_LIMIT)
  @PartnerWriteEndpoint('pilot-totals', SANDBOX_ONLY)
  @ApiOperation({
    summary: 'Simulate a flight of a sandbox pilot',
    description:
      `${ABOUT} Records the flight for that pilot through the same write path as a pilot’s own ` +
      '(event store, Kafka, projector): the totals follow within about a second (`last_updated`). The same ' +
      '`flight_id` with the same body again: 200 and nothing new; with another body: 409 CONFLICT.',
  })
  @ApiJsonBody(SandboxFlightDto, 'A flight, as the pilot app records it')
  @ApiWriteResponse(201, SandboxFlightDto)
  @ApiPartnerErrors(
    [
      'INVALID_REQUEST',
      'INSUFFICIENT_SCOPE',
      'NOT_FOUND',
      'PILOT_NOT_FOUND',
      'CONFLICT',
      'IDEMPOTENCY_CONFLICT',
    ],
    {
      INVALID_REQUEST: [
        badPilotId,
        refusedField(
          'A flight the pilot app would refuse',
          'minutes.pic must not exceed total_flight_time',
          'minutes.pic',
          'exceeds_total',
        ),
        invalidIdempotencyKey,
      ],
      INSUFFICIENT_SCOPE: [missingScope('pilot-totals')],
      NOT_FOUND: [{ summary: 'A live key', message: 'No such resource' }],
      CONFLICT: [
        {
          summary: 'The flight_id was recorded with another body',
          message: 'flight 0b7c6a52-2a55-4d1c-9d59-5f1fb1e0c0a1 was already recorded differently',
        },
      ],
    },
  )
  async flight(
    @Param('pilot_id') pilotId: string,
    @Body() body: unknown,
    @CurrentPartner() partner: CallingPartner,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Flight> {
    const result = await this.commandBus.execute<SimulateFlightCommand, SimulateFlightResult>(
      new SimulateFlightCommand(partner.partnerId, pilotIdOf(pilotId), body, request.id),
    );
    if (!result.created) void reply.status(200);
    return result.flight;
  }

  @Post('disconnect')
  @HttpCode(200)
  @PartnerWriteEndpoint('pilot-totals', SANDBOX_ONLY)
  @ApiOperation({
    summary: 'Simulate a sandbox pilot disconnecting from you',
    description:
      `${ABOUT} As when a pilot disconnects in the pilot app: from the answer on, the \`pilot_id\` is ` +
      'not found on every endpoint. Redeeming the fixture’s code again links the pilot under a new `pilot_id`.',
  })
  @ApiWriteResponse(200, SandboxDisconnectedDto)
  @ApiPartnerErrors(
    ['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'PILOT_NOT_FOUND', 'IDEMPOTENCY_CONFLICT'],
    {
      INVALID_REQUEST: [badPilotId, invalidIdempotencyKey],
      INSUFFICIENT_SCOPE: [missingScope('pilot-totals')],
      NOT_FOUND: [{ summary: 'A live key', message: 'No such resource' }],
    },
  )
  disconnect(
    @Param('pilot_id') pilotId: string,
    @CurrentPartner() partner: CallingPartner,
    @Req() request: FastifyRequest,
  ): Promise<SandboxDisconnectedDto> {
    return this.commandBus.execute(
      new DisconnectSandboxPilotCommand(partner.partnerId, pilotIdOf(pilotId), request.id),
    );
  }

  @Post('reset')
  @HttpCode(200)
  @PartnerWriteEndpoint('pilot-totals', SANDBOX_ONLY)
  @ApiOperation({
    summary: 'Put a sandbox pilot back to its fixture',
    description:
      `${ABOUT} Deletes the flights you simulated for that pilot (through the write path, as a pilot’s ` +
      'own deletions): the `pilot_id` stays, and the totals are the fixture’s again within about a second.',
  })
  @ApiWriteResponse(200, SandboxResetDto)
  @ApiPartnerErrors(
    ['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'PILOT_NOT_FOUND', 'IDEMPOTENCY_CONFLICT'],
    {
      INVALID_REQUEST: [badPilotId, invalidIdempotencyKey],
      INSUFFICIENT_SCOPE: [missingScope('pilot-totals')],
      NOT_FOUND: [{ summary: 'A live key', message: 'No such resource' }],
    },
  )
  reset(
    @Param('pilot_id') pilotId: string,
    @CurrentPartner() partner: CallingPartner,
    @Req() request: FastifyRequest,
  ): Promise<SandboxResetDto> {
    return this.commandBus.execute(
      new ResetSandboxPilotCommand(partner.partnerId, pilotIdOf(pilotId), request.id),
    );
  }
}
