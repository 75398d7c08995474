import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { parsePilotId } from '@pft/partners/domain';
import { ApiError, SerializedJson } from '@pft/platform';
import { type CallingPartner, CurrentPartner, PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiEnvelopedResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { missingScope, refusedField } from '../openapi/error-examples';
import { GetPilotTotalsQuery } from './get-pilot-totals.query';
import { type PilotTotalsView } from '@pft/totals';
import { PilotTotalsDto } from './pilot-totals.dto';

@ApiTags('pilot-totals')
@Controller('v1/pilot-totals')
export class PilotTotalsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PartnerReadEndpoint('pilot-totals')
  @ApiOperation({
    summary: 'Totals of one linked pilot',
    description:
      'Scope `pilot-totals`. `pilot_id` is a UUID in any letter case (answered in lower case); missing, ' +
      'empty, repeated or not a UUID: 400 INVALID_REQUEST. A pilot never linked, disconnected, or linked ' +
      'to another partner: 404 PILOT_NOT_FOUND.',
  })
  @ApiQuery({ name: 'pilot_id', required: true, schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelopedResponse(200, PilotTotalsDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'PILOT_NOT_FOUND'], {
    INVALID_REQUEST: [
      refusedField(
        'pilot_id is not a UUID',
        'pilot_id must be given once, as a UUID',
        'pilot_id',
        'invalid_uuid',
      ),
    ],
    INSUFFICIENT_SCOPE: [missingScope('pilot-totals')],
  })
  async get(
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<SerializedJson> {
    const parsed = parsePilotId(query.pilot_id);
    if (!parsed.ok) {
      throw new ApiError('INVALID_REQUEST', 'pilot_id must be given once, as a UUID', [
        { field: 'pilot_id', issue: parsed.issue },
      ]);
    }
    const view = await this.queryBus.execute<GetPilotTotalsQuery, PilotTotalsView>(
      new GetPilotTotalsQuery(partner.partnerId, parsed.pilotId, partner.readRevision, partner.sandbox),
    );
    return new SerializedJson(view.json);
  }
}
