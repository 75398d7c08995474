import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointView,
  listEndpoints,
  rotateEndpointSecret,
} from '@pft/webhooks';
import { isEndpointId } from '@pft/webhooks/domain';
import { ApiError, BodyLimit, type Queryable } from '@pft/platform';
import { WEBHOOK_ENDPOINT_BODY_LIMIT } from '../body-limits';
import {
  type CallingPartner,
  CurrentPartner,
  PartnerEndpoint,
  PartnerReadEndpoint,
  type PartnerRequest,
  PartnerWriteEndpoint,
} from '../auth/partner-endpoint.decorator';
import { type IdempotencyClaim } from '../idempotency/idempotency-key';
import { IdempotencyStore, keptSuccess } from '../idempotency/idempotency.store';
import { invalidIdempotencyKey, missingScope, refusedField } from '../openapi/error-examples';
import {
  ApiEnvelopedResponse,
  ApiJsonBody,
  ApiPartnerErrors,
  ApiWriteResponse,
} from '../openapi/openapi-responses';
import { MESSAGES, parseNewEndpoint } from './webhook-endpoint-request';
import { refuseNameOfRestrictedAddress } from './webhook-url-resolution';
import {
  CreateWebhookEndpointDto,
  DeletedWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointsDto,
} from './webhook-endpoints.dto';
import { PartnerApiConfig } from '../partner-api.config';

export const ENDPOINT_ID_PARAM = ApiParam({
  name: 'id',
  description: 'The endpoint’s id, `we_` and a ULID',
  schema: { type: 'string' },
});

export const NOT_FOUND_EXAMPLE = { summary: 'Not one of your endpoints', message: MESSAGES.notFound };

/** An unknown id, another partner's or a deleted endpoint's: all the same 404. */
export function endpointNotFound(): ApiError {
  return new ApiError('NOT_FOUND', MESSAGES.notFound);
}

/** `/v1/webhook-endpoints`: a partner's endpoints (scope `webhooks`, partner platform 4.1). */
/** The statuses of a creation's and a rotation's answers, kept under their `Idempotency-Key` with the work. */
const CREATED_STATUS = 201;
const ROTATED_STATUS = 200;

@ApiTags('webhooks')
@Controller('v1/webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PartnerApiConfig,
    private readonly idempotency: IdempotencyStore,
  ) {}

  @Post()
  @HttpCode(CREATED_STATUS)
  @BodyLimit(WEBHOOK_ENDPOINT_BODY_LIMIT)
  @PartnerWriteEndpoint('webhooks')
  @ApiOperation({
    summary: 'Add a webhook endpoint',
    description:
      'Scope `webhooks`. At most 5 endpoints per partner account. The answer holds the signing `secret`, ' +
      'shown only now (and after a rotation); a replay under the same `Idempotency-Key` shows it again ' +
      'until the endpoint is deleted, and then answers without it.',
  })
  @ApiConsumes('application/json')
  @ApiJsonBody(CreateWebhookEndpointDto, 'An endpoint for disconnects and totals changes')
  @ApiWriteResponse(201, WebhookEndpointDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'IDEMPOTENCY_CONFLICT'], {
    INVALID_REQUEST: [
      refusedField('Not an https URL', MESSAGES.url, 'url', 'not_https'),
      refusedField('A private address', MESSAGES.privateUrl, 'url', 'private_address'),
      refusedField('An unknown event type', MESSAGES.events, 'events', 'unknown_event_type'),
      refusedField('Five endpoints already', MESSAGES.tooMany, 'url', 'too_many'),
      invalidIdempotencyKey,
    ],
    INSUFFICIENT_SCOPE: [missingScope('webhooks')],
  })
  async create(
    @Body() body: unknown,
    @CurrentPartner() partner: CallingPartner,
    @Req() request: PartnerRequest,
  ): Promise<EndpointView> {
    const wanted = parseNewEndpoint(
      request.headers['content-type'],
      body,
      this.config.WEBHOOK_ALLOW_PRIVATE_URLS,
    );
    await refuseNameOfRestrictedAddress(wanted.url, this.config.WEBHOOK_ALLOW_PRIVATE_URLS);
    const outcome = await createEndpoint(
      this.dataSource,
      partner.partnerId,
      wanted.url,
      wanted.events,
      this.keptWith(request.idempotencyClaim, CREATED_STATUS),
    );
    if (!outcome.ok)
      throw new ApiError('INVALID_REQUEST', MESSAGES.tooMany, [{ field: 'url', issue: 'too_many' }]);
    return outcome.endpoint;
  }

  @Get()
  @PartnerReadEndpoint('webhooks')
  @ApiOperation({
    summary: 'Your webhook endpoints',
    description: 'Scope `webhooks`. Oldest first, without secrets.',
  })
  @ApiEnvelopedResponse(200, WebhookEndpointsDto)
  @ApiPartnerErrors(['INSUFFICIENT_SCOPE'], { INSUFFICIENT_SCOPE: [missingScope('webhooks')] })
  async list(@CurrentPartner() partner: CallingPartner): Promise<{ endpoints: EndpointView[] }> {
    return { endpoints: await listEndpoints(this.dataSource, partner.partnerId) };
  }

  @Delete(':id')
  @PartnerEndpoint('webhooks')
  @ApiOperation({
    summary: 'Delete a webhook endpoint',
    description:
      'Scope `webhooks`. Nothing more is delivered to it; what was queued is dropped. Replays of its creation ' +
      'or rotations under their `Idempotency-Key` answer from then on without the `secret`.',
  })
  @ENDPOINT_ID_PARAM
  @ApiEnvelopedResponse(200, DeletedWebhookEndpointDto)
  @ApiPartnerErrors(['INSUFFICIENT_SCOPE', 'NOT_FOUND'], {
    INSUFFICIENT_SCOPE: [missingScope('webhooks')],
    NOT_FOUND: [NOT_FOUND_EXAMPLE],
  })
  async delete(
    @Param('id') id: string,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<{ id: string; status: 'deleted' }> {
    const deleted =
      isEndpointId(id) &&
      (await deleteEndpoint(this.dataSource, partner.partnerId, id, (tx) =>
        this.idempotency.forgetSecretOf(tx, partner.partnerId, id),
      ));
    if (!deleted) throw endpointNotFound();
    return { id, status: 'deleted' };
  }

  @Post(':id/rotate-secret')
  @HttpCode(ROTATED_STATUS)
  @PartnerWriteEndpoint('webhooks')
  @ApiOperation({
    summary: 'Rotate an endpoint’s secret',
    description:
      'Scope `webhooks`. The answer holds the new `secret`. The old one stays valid for 24 hours: each ' +
      'delivery meanwhile carries both signatures in `webhook-signature` (after two rotations within the ' +
      'day, the three secrets’ signatures, each old one for its 24 hours).',
  })
  @ENDPOINT_ID_PARAM
  @ApiWriteResponse(200, WebhookEndpointDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'IDEMPOTENCY_CONFLICT'], {
    INVALID_REQUEST: [invalidIdempotencyKey],
    INSUFFICIENT_SCOPE: [missingScope('webhooks')],
    NOT_FOUND: [NOT_FOUND_EXAMPLE],
  })
  async rotate(
    @Param('id') id: string,
    @CurrentPartner() partner: CallingPartner,
    @Req() request: PartnerRequest,
  ): Promise<EndpointView> {
    const endpoint = isEndpointId(id)
      ? await rotateEndpointSecret(
          this.dataSource,
          partner.partnerId,
          id,
          this.keptWith(request.idempotencyClaim, ROTATED_STATUS),
        )
      : undefined;
    if (!endpoint) throw endpointNotFound();
    return endpoint;
  }

  /**
   * Under an `Idempotency-Key`, the answer kept in the transaction of the work it answers (as a link's
   * is): a retry after an answer lost with the replica that gave it replays it, and never makes a
   * second endpoint or rotates again. Undefined without a key.
   */
  private keptWith(
    claim: IdempotencyClaim | undefined,
    status: number,
  ): ((tx: Queryable, endpoint: EndpointView) => Promise<void>) | undefined {
    if (!claim) return undefined;
    return (tx, endpoint) => this.idempotency.completeWithin(tx, claim, keptSuccess(status, endpoint));
  }
}
