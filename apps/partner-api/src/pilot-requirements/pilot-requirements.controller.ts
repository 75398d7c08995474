import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SANDBOX_REQUIREMENTS_EXAMPLE } from '@pft/partners/domain';
import { BodyLimit, todayUtc } from '@pft/platform';
import { type RequirementCheckAnswer } from '@pft/totals/domain';
import {
  type CallingPartner,
  CurrentPartner,
  type PartnerRequest,
  PartnerWriteEndpoint,
} from '../auth/partner-endpoint.decorator';
import { REQUIREMENT_CHECK_BODY_LIMIT } from '../body-limits';
import { jsonObjectBody } from '../json-body';
import {
  COMMON_ERROR_EXAMPLES,
  invalidIdempotencyKey,
  missingScope,
  refusedField,
} from '../openapi/error-examples';
import {
  ApiEnvelopedSchemaResponse,
  ApiPartnerErrors,
  IDEMPOTENT_REPLAY_HEADERS,
} from '../openapi/openapi-responses';
import { CHECKED_STATUS, CheckPilotRequirementsCommand } from './check-pilot-requirements.command';
import { parseCheckRequest } from './check-request';
import { DAILY_LIMIT_DETAILS, DAILY_LIMIT_MESSAGE } from './daily-limit';
import {
  CHECK_ANSWER,
  CHECK_ANSWER_EXAMPLE,
  CHECK_REQUEST,
  CHECK_REQUEST_EXAMPLE,
} from './pilot-requirements.schemas';

@ApiTags('pilot-requirements')
@Controller('v1/pilot-requirements')
export class PilotRequirementsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('check')
  @HttpCode(CHECKED_STATUS)
  @BodyLimit(REQUIREMENT_CHECK_BODY_LIMIT)
  @PartnerWriteEndpoint('pilot-requirements')
  @ApiOperation({
    summary: 'Whether a linked pilot meets each of your requirements, without the figures',
    description:
      'Scope `pilot-requirements` (off by default). Up to 20 requirements, each a threshold on a figure of ' +
      'the pilot’s experience as of `as_of` (as `GET /v1/pilot-experience` gives it: the same projection ' +
      'and rules, so a verdict never disagrees with a figure) or currency under a rule in one group. The ' +
      'answer holds one verdict per requirement and nothing else about the pilot. A JSON object of at ' +
      'most 8 KB; every problem with it is named in `details` (400 INVALID_REQUEST). A pilot never linked, ' +
      'disconnected, or another partner’s: 404 PILOT_NOT_FOUND; linked but not sharing their experience ' +
      'with you: 403 EXPERIENCE_NOT_SHARED. Each answered check is recorded, with the requirements as ' +
      'sent, in the pilot’s access history before it is answered. At most 20 answered checks of a pilot ' +
      'by one partner per UTC day (checked after the lookup and the sharing, shared by all replicas): past it 429 ' +
      'RATE_LIMITED with `Retry-After` the seconds to the next UTC midnight. A replay under an ' +
      '`Idempotency-Key` and a refused check do not count.',
  })
  @ApiConsumes('application/json')
  @ApiBody({
    required: true,
    schema: { $ref: CHECK_REQUEST },
    examples: {
      RequirementCheckRequest: { summary: 'Hiring minimums and a currency', value: CHECK_REQUEST_EXAMPLE },
      SandboxRequirementCheck: {
        summary:
          'Sandbox: a club’s rental conditions, met in full by PFT-TEST-0000-0000-0001 and failed on `current` ' +
          'alone by 0003 (link them with a sandbox key; put the pilot_id in)',
        value: {
          pilot_id: CHECK_REQUEST_EXAMPLE.pilot_id,
          as_of: SANDBOX_REQUIREMENTS_EXAMPLE.asOf,
          requirements: SANDBOX_REQUIREMENTS_EXAMPLE.requirements,
        },
      },
    },
  })
  @ApiEnvelopedSchemaResponse(CHECKED_STATUS, CHECK_ANSWER, CHECK_ANSWER_EXAMPLE, IDEMPOTENT_REPLAY_HEADERS)
  @ApiPartnerErrors(
    [
      'INVALID_REQUEST',
      'INSUFFICIENT_SCOPE',
      'EXPERIENCE_NOT_SHARED',
      'PILOT_NOT_FOUND',
      'IDEMPOTENCY_CONFLICT',
    ],
    {
      INVALID_REQUEST: [
        {
          summary: 'Requirements that are not valid, each named',
          message: 'requirements[1].metric is not a metric of engine: must be one of ...',
          details: [
            {
              field: 'requirements[1].metric',
              issue: 'not_allowed',
              message:
                'is not a metric of engine: must be one of total_flight_time_minutes, pic_minutes, sic_minutes, multi_engine_minutes, flight_count',
            },
            { field: 'requirements[2].id', issue: 'duplicate', message: 'repeats the id of requirements[0]' },
          ],
        },
        refusedField(
          'The body is over 8 KB',
          'The request body is larger than 8192 bytes',
          'body',
          'too_large',
        ),
        invalidIdempotencyKey,
      ],
      INSUFFICIENT_SCOPE: [missingScope('pilot-requirements')],
      EXPERIENCE_NOT_SHARED: [
        {
          summary: 'The pilot does not share their experience with the caller',
          message: 'The pilot does not share their experience with you',
        },
      ],
      RATE_LIMITED: [
        ...(COMMON_ERROR_EXAMPLES.RATE_LIMITED ?? []),
        {
          summary: 'The day’s 20 checks of this pilot are used up',
          message: DAILY_LIMIT_MESSAGE,
          details: DAILY_LIMIT_DETAILS,
        },
      ],
    },
  )
  check(
    @Body() body: unknown,
    @CurrentPartner() partner: CallingPartner,
    @Req() request: PartnerRequest,
  ): Promise<RequirementCheckAnswer> {
    const parsed = parseCheckRequest(jsonObjectBody(request.headers['content-type'], body), todayUtc());
    return this.commandBus.execute(
      new CheckPilotRequirementsCommand(
        partner.partnerId,
        parsed.pilotId,
        parsed.asOf,
        parsed.requirements,
        parsed.sent,
        partner.readRevision,
        request.idempotencyClaim,
      ),
    );
  }
}
