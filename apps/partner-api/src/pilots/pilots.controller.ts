import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type CallingPartner, CurrentPartner, PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiEnvelopedResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { missingScope, refusedField } from '../openapi/error-examples';
import { invalidQuery } from '../query-problems';
import { LinkedPilotsDto } from './pilots.dto';
import { DEFAULT_PILOTS_LIMIT, MAX_PILOTS_LIMIT, parsePilotsPageRequest } from './pilots-cursor';
import { PilotsCursorKeys } from './pilots-cursor-keys';
import { type LinkedPilotsPage, ListLinkedPilotsQuery } from './list-linked-pilots.query';

const MESSAGES = {
  limit: `limit must be given once, as a whole number from 1 to ${MAX_PILOTS_LIMIT}`,
  cursor: 'cursor must be given once, as the next_cursor of an earlier page',
} as const;

@ApiTags('pilots')
@Controller('v1/pilots')
export class PilotsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly cursorKeys: PilotsCursorKeys,
  ) {}

  @Get()
  @PartnerReadEndpoint('pilot-totals')
  @ApiOperation({
    summary: 'The pilots linked to you',
    description:
      'Scope `pilot-totals`. The calling partner’s currently linked pilots, ordered by `linked_at` then ' +
      '`pilot_id`, one page at a time: pass each page’s `next_cursor` as `cursor` until it is `null`. ' +
      'A pilot linked for the whole walk is listed exactly once, whatever links and disconnects happen ' +
      'meanwhile; one linked or disconnected during the walk may or may not be. Use it to reconcile ' +
      'after lost notifications. `limit` not a whole number from 1 to 200, or `cursor` not one this API ' +
      'gave, or either repeated: 400 INVALID_REQUEST.',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PILOTS_LIMIT, default: DEFAULT_PILOTS_LIMIT },
  })
  @ApiQuery({
    name: 'cursor',
    required: false,
    description: 'The `next_cursor` of the previous page',
    schema: { type: 'string' },
  })
  @ApiEnvelopedResponse(200, LinkedPilotsDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE'], {
    INVALID_REQUEST: [
      refusedField('limit out of range', MESSAGES.limit, 'limit', 'out_of_range'),
      refusedField('A cursor this API did not give', MESSAGES.cursor, 'cursor', 'invalid'),
    ],
    INSUFFICIENT_SCOPE: [missingScope('pilot-totals')],
  })
  list(
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<LinkedPilotsPage> {
    const parsed = parsePilotsPageRequest(query, this.cursorKeys);
    if (!parsed.ok) {
      throw invalidQuery(
        parsed.problems.map(({ field, issue }) => ({ message: MESSAGES[field], detail: { field, issue } })),
      );
    }
    return this.queryBus.execute<ListLinkedPilotsQuery, LinkedPilotsPage>(
      new ListLinkedPilotsQuery(partner.partnerId, parsed.limit, parsed.after),
    );
  }
}
