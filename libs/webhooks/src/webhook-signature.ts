import { createHmac, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (partner platform 4.1). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A new endpoint id, `we_<ULID>`. */
export function newEndpointId(): string {
  return `we_${ulid()}`;
}

/** A new event id, `evt_<ULID>`: the `webhook-id` of every attempt of that event. */
export function newWebhookEventId(): string {
  return `evt_${ulid()}`;
}

/** The HMAC key of a secret: the base64-decoded part after `whsec_`. */
function keyOf(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('not a webhook secret');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

export interface SignedMessage {
  /** `webhook-id`: the event's id. */
  id: string;
  /** `webhook-timestamp`: Unix seconds of this attempt. */
  timestampSeconds: number;
  /** The request body, exactly as sent. */
  body: string;
}

/**
 * The `webhook-signature` header of Standard Webhooks 1.0: `v1,<base64 HMAC-SHA256(key,
 * "<id>.<timestamp>.<body>")>` for each secret still valid, separated by a space (two during the day
 * after a rotation, the newest first).
 */
export function signWebhook(message: SignedMessage, secrets: readonly string[]): string {
  const content = `${message.id}.${message.timestampSeconds}.${message.body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content, 'utf8').digest('base64')}`)
    .join(' ');
}
