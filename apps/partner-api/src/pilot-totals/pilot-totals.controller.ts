import { Controller, Get, Query } from '@nestjs/common';
import { RouteSchema } from '@nestjs/platform-fastify';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { parsePilotId } from '@pft/domain';
import { ApiError } from '@pft/infrastructure';
import { type CallingPartner, CurrentPartner, PartnerEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiEnvelopedResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { GetPilotTotalsQuery } from './get-pilot-totals.query';
import { type PilotTotalsView } from './pilot-totals.reader';
import { PilotTotalsDto } from './pilot-totals.dto';
import { PILOT_TOTALS_RESPONSE } from './pilot-totals.response-schema';

@ApiTags('pilot-totals')
@Controller('v1/pilot-totals')
export class PilotTotalsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PartnerEndpoint('pilot-totals')
  @RouteSchema({ response: PILOT_TOTALS_RESPONSE })
  @ApiOperation({
    summary: 'Totals of one linked pilot',
    description:
      'Scope `pilot-totals`. `pilot_id` is a UUID in any letter case (answered in lower case); missing, ' +
      'empty, repeated or not a UUID: 400 INVALID_REQUEST. A pilot never linked, disconnected, or linked ' +
      'to another partner: 404 PILOT_NOT_FOUND.',
  })
  @ApiQuery({ name: 'pilot_id', required: true, schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelopedResponse(200, PilotTotalsDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'PILOT_NOT_FOUND'])
  get(
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<PilotTotalsView> {
    const parsed = parsePilotId(query.pilot_id);
    if (!parsed.ok) {
      throw new ApiError('INVALID_REQUEST', 'pilot_id must be given once, as a UUID', [
        { field: 'pilot_id', issue: parsed.issue },
      ]);
    }
    return this.queryBus.execute(
      new GetPilotTotalsQuery(partner.partnerId, parsed.pilotId, partner.readRevision),
    );
  }
}
