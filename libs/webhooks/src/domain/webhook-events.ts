/** The event types a partner's endpoint receives (partner platform, section 4.2). */
export const WEBHOOK_EVENT_TYPES = [
  'pilot.linked',
  'pilot.disconnected',
  'pilot.sharing_updated',
  'pilot_totals.updated',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an endpoint may subscribe to: `webhook.test` reaches every endpoint it is asked for on. */
export const SUBSCRIBABLE_EVENT_TYPES = [
  'pilot.linked',
  'pilot.disconnected',
  'pilot.sharing_updated',
  'pilot_totals.updated',
] as const;
export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

/** At most this many endpoints per partner account. */
export const MAX_WEBHOOK_ENDPOINTS = 5;

export type EventsParse = { ok: true; events: SubscribableEventType[] } | { ok: false; issue: string };

/**
 * The `events` of a new endpoint: absent means every type; otherwise a non-empty list of known types,
 * deduplicated and returned in catalog order.
 */
export function parseEndpointEvents(value: unknown): EventsParse {
  if (value === undefined) return { ok: true, events: [...SUBSCRIBABLE_EVENT_TYPES] };
  if (!Array.isArray(value) || value.length === 0) return { ok: false, issue: 'invalid' };
  if (!value.every((v): v is string => typeof v === 'string')) return { ok: false, issue: 'invalid' };
  if (!value.every((v) => (SUBSCRIBABLE_EVENT_TYPES as readonly string[]).includes(v)))
    return { ok: false, issue: 'unknown_event_type' };
  return { ok: true, events: SUBSCRIBABLE_EVENT_TYPES.filter((t) => value.includes(t)) };
}

/** An event as a partner receives it (partner platform 4.3). */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  created_at: string;
  data: Record<string, unknown>;
}

/** The request body of an event: the same bytes on every attempt, so it is made once and stored. */
export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    api_version: 'v1',
    data: event.data,
  });
}

/** Whether `text` has the form of an endpoint id (`we_` and a ULID); anything else is not found. */
export function isEndpointId(text: string): boolean {
  return /^we_[0-9A-HJKMNP-TV-Z]{26}$/.test(text);
}
