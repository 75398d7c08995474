import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SerializedJson } from '@pft/platform';
import { type CallingPartner, CurrentPartner, PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiEnvelopedResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { missingScope } from '../openapi/error-examples';
import { INVALID_PILOT_ID, PILOT_ID_QUERY, pilotIdQuery } from '../pilot-id-query';
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
  @ApiQuery(PILOT_ID_QUERY)
  @ApiEnvelopedResponse(200, PilotTotalsDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'PILOT_NOT_FOUND'], {
    INVALID_REQUEST: [INVALID_PILOT_ID],
    INSUFFICIENT_SCOPE: [missingScope('pilot-totals')],
  })
  async get(
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<SerializedJson> {
    const pilotId = pilotIdQuery(query.pilot_id);
    const view = await this.queryBus.execute<GetPilotTotalsQuery, PilotTotalsView>(
      new GetPilotTotalsQuery(partner.partnerId, pilotId, partner.readRevision, partner.sandbox),
    );
    return new SerializedJson(view.json);
  }
}
