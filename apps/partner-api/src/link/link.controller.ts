import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError } from '@pft/platform';
import {
  type CallingPartner,
  CurrentPartner,
  type PartnerRequest,
  PartnerWriteEndpoint,
} from '../auth/partner-endpoint.decorator';
import { jsonObjectBody } from '../json-body';
import { invalidIdempotencyKey, refusedField } from '../openapi/error-examples';
import { ApiJsonBody, ApiPartnerErrors, ApiWriteResponse } from '../openapi/openapi-responses';
import { RedeemSandboxCodeCommand } from '../sandbox/redeem-sandbox-code/redeem-sandbox-code.command';
import { LINKED_STATUS, LinkPilotCommand, type LinkPilotResult } from './link-pilot.command';
import { LinkRequestDto, LinkResultDto } from './link.dto';

@ApiTags('link')
@Controller('v1/link')
export class LinkController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @HttpCode(LINKED_STATUS)
  @PartnerWriteEndpoint()
  @ApiOperation({
    summary: 'Redeem a pilot’s linking code',
    description:
      'Needs a valid key and no scope. The body is a JSON object of at most 1 KB (1024 bytes) sent as ' +
      '`application/json`. Concurrent redemptions of one code: exactly one succeeds. Send an ' +
      '`Idempotency-Key`: if the answer is lost, the same request with the same key gets the same ' +
      '`pilot_id` back, though the code is used up. That holds after a `503 WRITE_OUTCOME_UNKNOWN` too ' +
      '(the database did not confirm whether the link was recorded): the retry with the same key gets the ' +
      '`pilot_id` (replayed) when it was, and links now when it was not; while the first attempt is not yet ' +
      'settled it is answered `409 IDEMPOTENCY_CONFLICT` (`in_progress`): retry shortly. Without a key, a ' +
      'retry after that 503 may be `INVALID_TOKEN` with the code used up. With a sandbox key (`pft_test_`), only the sandbox ' +
      'codes `PFT-TEST-0000-0000-0001` to `0005` link (reusable; `0009` is always `INVALID_TOKEN`); with a ' +
      'live key they are `INVALID_TOKEN` like any unknown code.',
  })
  @ApiConsumes('application/json')
  @ApiJsonBody(LinkRequestDto, 'A linking code the pilot gave you')
  @ApiWriteResponse(200, LinkResultDto)
  @ApiPartnerErrors(['INVALID_TOKEN', 'INVALID_REQUEST', 'IDEMPOTENCY_CONFLICT', 'WRITE_OUTCOME_UNKNOWN'], {
    INVALID_REQUEST: [
      refusedField(
        'No linking_token in the body',
        'linking_token is required and must be a string',
        'linking_token',
        'required',
      ),
      invalidIdempotencyKey,
    ],
  })
  link(
    @Body() body: unknown,
    @CurrentPartner() partner: CallingPartner,
    @Req() request: PartnerRequest,
  ): Promise<LinkPilotResult> {
    const token = linkingToken(request.headers['content-type'], body);
    // A sandbox key redeems only the sandbox's codes, a live key only pilots' codes: neither reaches the other's pilots.
    const command = partner.sandbox
      ? new RedeemSandboxCodeCommand(partner.partnerId, token, request.id)
      : new LinkPilotCommand(partner.partnerId, token, request.id, request.idempotencyClaim);
    return this.commandBus.execute(command);
  }
}

/** The `linking_token` of a link's body. */
function linkingToken(contentType: string | undefined, body: unknown): string {
  const token = jsonObjectBody(contentType, body).linking_token;
  if (typeof token !== 'string') {
    throw new ApiError('INVALID_REQUEST', 'linking_token is required and must be a string', [
      { field: 'linking_token', issue: token === undefined ? 'required' : 'not_a_string' },
    ]);
  }
  return token;
}
