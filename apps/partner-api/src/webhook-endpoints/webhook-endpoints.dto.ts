import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '@pft/webhooks/domain';

const EXAMPLE_ID = 'we_01JDQ3M8X5K2V7R9T4B6N1C0PZ';
const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/gbwaLEpkQs=';

@ApiSchema({ name: 'WebhookEndpointRequest', description: 'A new webhook endpoint' })
export class CreateWebhookEndpointDto {
  static readonly example: CreateWebhookEndpointDto = {
    url: 'https://hooks.example.com/pft',
    events: ['pilot.disconnected', 'pilot_totals.updated'],
  };

  @ApiProperty({
    format: 'uri',
    maxLength: 2048,
    description:
      'Absolute `https://` URL. Addresses in the blocks of the IANA IPv4 and IPv6 special-purpose ' +
      'registries (loopback, private, link-local, unique-local, documentation, benchmarking...), and IPv6 ' +
      'addresses carrying such an IPv4 address (IPv4-mapped or -compatible, NAT64, 6to4), are refused, ' +
      'also when a name resolves to one: when the endpoint is created (400 `private_address`) and again at ' +
      'every delivery (a name that does not resolve yet is taken, and resolved at each delivery).',
  })
  url!: string;

  @ApiPropertyOptional({
    type: [String],
    enum: SUBSCRIBABLE_EVENT_TYPES,
    description: 'The event types to receive; absent: all of them. `webhook.test` is always received.',
  })
  events?: string[];
}

@ApiSchema({ name: 'WebhookEndpoint', description: 'A webhook endpoint of the calling partner' })
export class WebhookEndpointDto {
  static readonly example: WebhookEndpointDto = {
    id: EXAMPLE_ID,
    url: 'https://hooks.example.com/pft',
    events: ['pilot.disconnected', 'pilot_totals.updated'],
    status: 'enabled',
    created_at: '2026-11-25T09:12:44.301Z',
    secret: EXAMPLE_SECRET,
  };

  @ApiProperty({ pattern: '^we_[0-9A-HJKMNP-TV-Z]{26}$' })
  id!: string;

  @ApiProperty({ format: 'uri' })
  url!: string;

  @ApiProperty({ type: [String], enum: SUBSCRIBABLE_EVENT_TYPES })
  events!: string[];

  @ApiProperty({
    enum: ['enabled', 'disabled'],
    description: '`disabled` after 5 days in which every attempt failed, or by an operator',
  })
  status!: 'enabled' | 'disabled';

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiPropertyOptional({
    description:
      'The signing secret, `whsec_` and the base64 of 32 random bytes: shown only when the endpoint is ' +
      'created or its secret rotated. Verify deliveries with any Standard Webhooks library.',
  })
  secret?: string;
}

@ApiSchema({ name: 'WebhookEndpoints', description: 'The calling partner’s endpoints, without secrets' })
export class WebhookEndpointsDto {
  static readonly example: WebhookEndpointsDto = {
    endpoints: [{ ...WebhookEndpointDto.example, secret: undefined }],
  };

  @ApiProperty({ type: [WebhookEndpointDto] })
  endpoints!: WebhookEndpointDto[];
}

@ApiSchema({ name: 'DeletedWebhookEndpoint' })
export class DeletedWebhookEndpointDto {
  static readonly example: DeletedWebhookEndpointDto = { id: EXAMPLE_ID, status: 'deleted' };

  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: ['deleted'] })
  status!: 'deleted';
}

@ApiSchema({ name: 'WebhookTestQueued', description: 'A `webhook.test` event was queued for the endpoint' })
export class WebhookTestQueuedDto {
  static readonly example: WebhookTestQueuedDto = { id: EXAMPLE_ID, status: 'queued' };

  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: ['queued'] })
  status!: 'queued';
}

@ApiSchema({ name: 'WebhookDelivery', description: 'One event’s delivery to the endpoint' })
export class WebhookDeliveryDto {
  @ApiProperty({ pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$', description: 'The `webhook-id` of its requests' })
  event_id!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES })
  type!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: 'integer' })
  attempts!: number;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The HTTP status of the last attempt, if any',
  })
  last_response_status!: number | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'While pending' })
  next_attempt_at!: string | null;
}

@ApiSchema({ name: 'WebhookDeliveries', description: 'The endpoint’s deliveries, newest first' })
export class WebhookDeliveriesDto {
  static readonly example: WebhookDeliveriesDto = {
    deliveries: [
      {
        event_id: 'evt_01JDQ3R2C8W4H6Y1M9F5K3T7AB',
        type: 'pilot_totals.updated',
        created_at: '2026-11-25T09:14:02.117Z',
        attempts: 2,
        status: 'pending',
        last_response_status: 503,
        next_attempt_at: '2026-11-25T09:19:07.402Z',
      },
    ],
  };

  @ApiProperty({ type: [WebhookDeliveryDto] })
  deliveries!: WebhookDeliveryDto[];
}
