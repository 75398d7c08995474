import { checkWebhookUrl, parseEndpointEvents, type SubscribableEventType } from '@pft/webhooks/domain';
import { ApiError } from '@pft/platform';

export const MESSAGES = {
  mediaType: 'The request body must be application/json',
  notObject: 'The request body must be a JSON object',
  url: 'url must be an absolute https:// URL',
  privateUrl:
    'url must not point at a special-purpose address (loopback, private, link-local, unique-local...)',
  events:
    'events must be a non-empty list of pilot.linked, pilot.disconnected, pilot.sharing_updated and pilot_totals.updated',
  tooMany: 'A partner account may have at most 5 webhook endpoints',
  limit: 'limit must be given once, as a whole number from 1 to 100',
  notFound: 'No webhook endpoint with this id',
  disabled: 'The webhook endpoint is disabled',
} as const;

export interface NewEndpointRequest {
  url: string;
  events: SubscribableEventType[];
}

/** The body of `POST /v1/webhook-endpoints`, checked; `allowPrivate` is WEBHOOK_ALLOW_PRIVATE_URLS. */
export function parseNewEndpoint(
  contentType: string | undefined,
  body: unknown,
  allowPrivate: boolean,
): NewEndpointRequest {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json')
    throw new ApiError('INVALID_REQUEST', MESSAGES.mediaType, [
      { field: 'body', issue: 'unsupported_media_type' },
    ]);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError('INVALID_REQUEST', MESSAGES.notObject, [{ field: 'body', issue: 'not_an_object' }]);
  const fields = body as Record<string, unknown>;
  const url = checkWebhookUrl(fields.url, allowPrivate);
  if (!url.ok) {
    const issue = fields.url === undefined ? 'required' : url.issue;
    throw new ApiError(
      'INVALID_REQUEST',
      url.issue === 'private_address' ? MESSAGES.privateUrl : MESSAGES.url,
      [{ field: 'url', issue }],
    );
  }
  const events = parseEndpointEvents(fields.events);
  if (!events.ok)
    throw new ApiError('INVALID_REQUEST', MESSAGES.events, [{ field: 'events', issue: events.issue }]);
  return { url: url.url, events: events.events };
}

/** `limit` of the deliveries log: 1 to 100, default 20; other parameters are ignored, as elsewhere. */
export function parseDeliveriesLimit(query: Record<string, unknown>): number {
  const limit = query.limit;
  if (limit === undefined) return 20;
  if (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100)
    throw new ApiError('INVALID_REQUEST', MESSAGES.limit, [{ field: 'limit', issue: 'out_of_range' }]);
  return Number(limit);
}
