import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MAX_BATCH_PILOT_IDS, parsePilotIdList, type PilotIdIssue } from '@pft/partners/domain';
import { SerializedJson, todayUtc } from '@pft/platform';
import { type SharedExperience } from '@pft/totals';
import { type CallingPartner, CurrentPartner, PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiEnvelopedSchemaResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { missingScope, refusedField } from '../openapi/error-examples';
import { INVALID_PILOT_ID, PILOT_ID_QUERY, pilotIdParameter } from '../pilot-id-query';
import { asOfParameter, checkedQuery, type CheckedParameter } from '../query-problems';
import { GetPilotExperienceBatchQuery, GetPilotExperienceQuery } from './get-pilot-experience.query';
import {
  PILOT_EXPERIENCE,
  PILOT_EXPERIENCE_BATCH,
  PILOT_EXPERIENCE_EXAMPLE,
} from './pilot-experience.schemas';

const LIST_MESSAGES: Record<PilotIdIssue, string> = {
  required: 'pilot_ids is required',
  repeated: 'pilot_ids must be given once, as one comma-separated list',
  invalid_uuid: 'Every entry of pilot_ids must be a UUID (no empty entries, no spaces)',
  too_many: `pilot_ids must hold at most ${MAX_BATCH_PILOT_IDS} ids`,
};

/** `pilot_ids` of the batch: 1 to 50 UUIDs, comma-separated; else its problem, naming its issue. */
function pilotIdsParameter(raw: unknown): CheckedParameter<string[]> {
  const parsed = parsePilotIdList(raw);
  if (parsed.ok) return { ok: true, value: parsed.pilotIds };
  const { issue } = parsed;
  return { ok: false, problem: { message: LIST_MESSAGES[issue], detail: { field: 'pilot_ids', issue } } };
}

const AS_OF_QUERY = {
  name: 'as_of',
  required: false,
  description:
    'The date (UTC) the experience is as of, `YYYY-MM-DD`: a calendar date from 1903-12-17 to tomorrow; ' +
    'today when absent. Records dated after it count nowhere.',
  schema: { type: 'string' as const, format: 'date' },
};

const INVALID_AS_OF = {
  summary: 'as_of is not a calendar date',
  message: 'as_of must be a calendar date, YYYY-MM-DD',
  details: [
    { field: 'as_of', issue: 'invalid_format', message: 'as_of must be a calendar date, YYYY-MM-DD' },
  ],
};

const NOT_SHARED = {
  summary: 'The pilot does not share their experience with the caller',
  message: 'The pilot does not share their experience with you',
};

@ApiTags('pilot-experience')
@Controller('v1/pilot-experience')
export class PilotExperienceController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PartnerReadEndpoint('pilot-experience')
  @ApiOperation({
    summary: 'Experience of one linked pilot as of a date',
    description:
      'Scope `pilot-experience` (off by default). `pilot_id` as for the totals (400 INVALID_REQUEST when not ' +
      'a UUID); `as_of` not a calendar date, before 1903-12-17 or after tomorrow (UTC): 400 INVALID_REQUEST. ' +
      'A pilot never linked, disconnected, or linked to another partner: 404 PILOT_NOT_FOUND. Linked but ' +
      'not sharing their experience with you: 403 EXPERIENCE_NOT_SHARED, from the moment the pilot stops ' +
      'sharing. Every answer is recorded in the pilot’s access history.',
  })
  @ApiQuery(PILOT_ID_QUERY)
  @ApiQuery(AS_OF_QUERY)
  @ApiEnvelopedSchemaResponse(200, PILOT_EXPERIENCE, PILOT_EXPERIENCE_EXAMPLE)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'EXPERIENCE_NOT_SHARED', 'PILOT_NOT_FOUND'], {
    INVALID_REQUEST: [INVALID_PILOT_ID, INVALID_AS_OF],
    INSUFFICIENT_SCOPE: [missingScope('pilot-experience')],
    EXPERIENCE_NOT_SHARED: [NOT_SHARED],
  })
  async get(
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<SerializedJson> {
    const { pilotId, asOf } = checkedQuery({
      pilotId: pilotIdParameter(query.pilot_id),
      asOf: asOfParameter(query.as_of, todayUtc()),
    });
    const shared = await this.queryBus.execute<GetPilotExperienceQuery, SharedExperience>(
      new GetPilotExperienceQuery(partner.partnerId, pilotId, asOf, partner.readRevision, partner.sandbox),
    );
    return new SerializedJson(shared.json);
  }

  @Get('batch')
  @PartnerReadEndpoint('pilot-experience')
  @ApiOperation({
    summary: 'Experience of up to 50 linked pilots as of a date',
    description:
      'Scope `pilot-experience`. `pilot_ids` as for the totals batch: 1 to 50 UUIDs, comma-separated, counted ' +
      'as sent (duplicates included), answered once each in the order of first occurrence; an empty entry ' +
      'or one with spaces is not a UUID (400 INVALID_REQUEST). `as_of` as for the single read. Pilots not ' +
      'linked to you, or not sharing their experience with you, are left out.',
  })
  @ApiQuery({
    name: 'pilot_ids',
    required: true,
    description: `Comma-separated UUIDs, at most ${MAX_BATCH_PILOT_IDS}`,
    schema: { type: 'string' },
  })
  @ApiQuery(AS_OF_QUERY)
  @ApiEnvelopedSchemaResponse(200, PILOT_EXPERIENCE_BATCH, { pilots: [PILOT_EXPERIENCE_EXAMPLE] })
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE'], {
    INVALID_REQUEST: [
      refusedField('More than 50 ids', LIST_MESSAGES.too_many, 'pilot_ids', 'too_many'),
      INVALID_AS_OF,
    ],
    INSUFFICIENT_SCOPE: [missingScope('pilot-experience')],
  })
  async batch(
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<SerializedJson> {
    const { pilotIds, asOf } = checkedQuery({
      pilotIds: pilotIdsParameter(query.pilot_ids),
      asOf: asOfParameter(query.as_of, todayUtc()),
    });
    const pilots = await this.queryBus.execute<GetPilotExperienceBatchQuery, SharedExperience[]>(
      new GetPilotExperienceBatchQuery(
        partner.partnerId,
        pilotIds,
        asOf,
        partner.readRevision,
        partner.sandbox,
      ),
    );
    return new SerializedJson(`{"pilots":[${pilots.map((shared) => shared.json).join(',')}]}`);
  }
}
