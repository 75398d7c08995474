/** The event types a partner's endpoint receives (partner platform, section 4.2). */
export const WEBHOOK_EVENT_TYPES = [
  'pilot.linked',
  'pilot.disconnected',
  'pilot_totals.updated',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an endpoint may subscribe to: `webhook.test` reaches every endpoint it is asked for on. */
export const SUBSCRIBABLE_EVENT_TYPES = [
  'pilot.linked',
  'pilot.disconnected',
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
