import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { type DeliveryRecord, findEndpoint, listDeliveries, queueWebhookEvent } from '@pft/webhooks';
import { isEndpointId } from '@pft/webhooks/domain';
import { ApiError } from '@pft/platform';
import {
  type CallingPartner,
  CurrentPartner,
  PartnerReadEndpoint,
  PartnerWriteEndpoint,
} from '../auth/partner-endpoint.decorator';
import { invalidIdempotencyKey, missingScope, refusedField } from '../openapi/error-examples';
import { ApiEnvelopedResponse, ApiPartnerErrors, ApiWriteResponse } from '../openapi/openapi-responses';
import { MESSAGES, parseDeliveriesLimit } from './webhook-endpoint-request';
import { ENDPOINT_ID_PARAM, endpointNotFound, NOT_FOUND_EXAMPLE } from './webhook-endpoints.controller';
import { WebhookDeliveriesDto, WebhookTestQueuedDto } from './webhook-endpoints.dto';

/** What was sent to an endpoint, and a test event on demand (partner platform 4.1). */
@ApiTags('webhooks')
@Controller('v1/webhook-endpoints/:id')
export class WebhookDeliveriesController {
  constructor(private readonly dataSource: DataSource) {}

  @Post('test')
  @HttpCode(202)
  @PartnerWriteEndpoint('webhooks')
  @ApiOperation({
    summary: 'Send a test event',
    description:
      'Scope `webhooks`. Queues a `webhook.test` event (`data` = `{}`) for the endpoint, delivered and ' +
      'signed as any other. A disabled endpoint takes none: 400 `INVALID_REQUEST`.',
  })
  @ENDPOINT_ID_PARAM
  @ApiWriteResponse(202, WebhookTestQueuedDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'IDEMPOTENCY_CONFLICT'], {
    INVALID_REQUEST: [
      refusedField('A disabled endpoint', MESSAGES.disabled, 'id', 'disabled'),
      invalidIdempotencyKey,
    ],
    INSUFFICIENT_SCOPE: [missingScope('webhooks')],
    NOT_FOUND: [NOT_FOUND_EXAMPLE],
  })
  async test(
    @Param('id') id: string,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<{ id: string; status: 'queued' }> {
    const endpoint = isEndpointId(id)
      ? await findEndpoint(this.dataSource, partner.partnerId, id)
      : undefined;
    if (!endpoint) throw endpointNotFound();
    const key = `test:${randomUUID()}`;
    const queued = await queueWebhookEvent(this.dataSource, {
      endpointId: id,
      type: 'webhook.test',
      data: {},
      orderingKey: key,
      sourceKey: key,
    });
    if (!queued)
      throw new ApiError('INVALID_REQUEST', MESSAGES.disabled, [{ field: 'id', issue: 'disabled' }]);
    return { id, status: 'queued' };
  }

  @Get('deliveries')
  @PartnerReadEndpoint('webhooks')
  @ApiOperation({
    summary: 'An endpoint’s deliveries',
    description:
      'Scope `webhooks`. The delivery log, newest first: each event’s attempts, status, last response ' +
      'status and, while pending, when it is tried next.',
  })
  @ENDPOINT_ID_PARAM
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  })
  @ApiEnvelopedResponse(200, WebhookDeliveriesDto)
  @ApiPartnerErrors(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND'], {
    INVALID_REQUEST: [refusedField('limit out of range', MESSAGES.limit, 'limit', 'out_of_range')],
    INSUFFICIENT_SCOPE: [missingScope('webhooks')],
    NOT_FOUND: [NOT_FOUND_EXAMPLE],
  })
  async deliveries(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @CurrentPartner() partner: CallingPartner,
  ): Promise<{ deliveries: DeliveryRecord[] }> {
    const limit = parseDeliveriesLimit(query);
    const endpoint = isEndpointId(id)
      ? await findEndpoint(this.dataSource, partner.partnerId, id)
      : undefined;
    if (!endpoint) throw endpointNotFound();
    return { deliveries: await listDeliveries(this.dataSource, id, limit) };
  }
}
