import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MAX_BATCH_PILOT_IDS, type PilotIdIssue } from '@pft/partners/domain';
import { ApiError, SerializedJson } from '@pft/platform';
import { type CallingPartner, CurrentPartner, PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiEnvelopedResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { missingScope, refusedField } from '../openapi/error-examples';
import { GetPilotTotalsBatchQuery } from './get-pilot-totals-batch.query';
import { type PilotTotalsBatchView } from './get-pilot-totals-batch.handler';
import { pilotTotalsBatchJson } from './pilot-totals-batch.json';
import { PilotTotalsBatchDto } from './pilot-totals-batch.dto';
import { ParsedPilotIdLists } from './parsed-pilot-id-lists';

const MESSAGES: Record<PilotIdIssue, string> = {
  required: 'pilot_ids is required',
  repeated: 'pilot_ids must be given once, as one comma-separated list',
  invalid_uuid: 'Every entry of pilot_ids must be a UUID (no empty entries, no spaces)',
  too_many: `pilot_ids must hold at most ${MAX_BATCH_PILOT_IDS} ids`,
};

@ApiTags('pilot-totals')
@Controller('v1/pilot-totals/batch')
export class PilotTotalsBatchController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly lists: ParsedPilotIdLists,
  ) {}

  @Get()
  @PartnerReadEndpoint('pilot-totals')
  @ApiOperation({
    summary: 'Totals of up to 50 linked pilots',
    description:
      'Scope `pilot-totals`. `pilot_ids` is a comma-separated list of 1 to 50 UUIDs, counted as sent ' +
      '(duplicates included), in any letter case. An empty entry (`a,,b`, a trailing comma) or an entry ' +
      'with spaces is not a UUID. Any of these wrong: 400 INVALID_REQUEST. Duplicates are answered once.',
  })
  @ApiQuery({
    name: 'pilot_ids',
    required: true,
    description: `Comma-separated UUIDs, at most ${MAX_BATCH_PILOT_IDS}`,
    schema: { type: 'string' },
  })
  @ApiEnvelopedResponse(200, PilotTotalsBatchDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE'], {
    INVALID_REQUEST: [
      refusedField('More than 50 ids', MESSAGES.too_many, 'pilot_ids', 'too_many'),
      refusedField('An entry is not a UUID', MESSAGES.invalid_uuid, 'pilot_ids', 'invalid_uuid'),
    ],
    INSUFFICIENT_SCOPE: [missingScope('pilot-totals')],
  })
  async get(
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<SerializedJson> {
    const parsed = this.lists.parse(query.pilot_ids);
    if (!parsed.ok) {
      throw new ApiError('INVALID_REQUEST', MESSAGES[parsed.issue], [
        { field: 'pilot_ids', issue: parsed.issue },
      ]);
    }
    const batch = await this.queryBus.execute<GetPilotTotalsBatchQuery, PilotTotalsBatchView>(
      new GetPilotTotalsBatchQuery(
        partner.partnerId,
        parsed.pilotIds,
        partner.readRevision,
        partner.sandbox,
        query.pilot_ids as string,
      ),
    );
    return new SerializedJson(pilotTotalsBatchJson(batch.pilots));
  }
}
