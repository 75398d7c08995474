import { Webhook } from 'standardwebhooks';
import { newEndpointId, newWebhookEventId, newWebhookSecret, signWebhook } from './webhook-signature';

/** Verifies as a receiver does, with the official library; throws when the signature does not hold. */
function verify(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
  signature: string,
): unknown {
  return new Webhook(secret).verify(body, {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signature,
  });
}

const now = (): number => Math.floor(Date.now() / 1000);

describe('webhook signatures (Standard Webhooks 1.0)', () => {
  it('makes secrets of whsec_ and 32 random bytes, and ids of their prefix and a ULID', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
    expect(newEndpointId()).toMatch(/^we_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(newWebhookEventId()).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('signs as the official library does, and the library verifies it', () => {
    const secret = newWebhookSecret();
    const id = newWebhookEventId();
    const ts = now();
    const body = JSON.stringify({ id, type: 'webhook.test', data: { note: 'é ✈' } });
    const signature = signWebhook({ id, timestampSeconds: ts, body }, [secret]);
    expect(signature).toBe(new Webhook(secret).sign(id, new Date(ts * 1000), body));
    expect(verify(secret, id, ts, body, signature)).toEqual(JSON.parse(body));
  });

  it('carries both signatures after a rotation, each verifying with its own secret', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const id = newWebhookEventId();
    const ts = now();
    const body = '{"a":1}';
    const signature = signWebhook({ id, timestampSeconds: ts, body }, [current, previous]);
    expect(signature.split(' ')).toHaveLength(2);
    expect(() => verify(current, id, ts, body, signature)).not.toThrow();
    expect(() => verify(previous, id, ts, body, signature)).not.toThrow();
  });

  it('does not verify with another secret, another body or another id', () => {
    const secret = newWebhookSecret();
    const id = newWebhookEventId();
    const ts = now();
    const signature = signWebhook({ id, timestampSeconds: ts, body: '{"a":1}' }, [secret]);
    expect(() => verify(newWebhookSecret(), id, ts, '{"a":1}', signature)).toThrow();
    expect(() => verify(secret, id, ts, '{"a":2}', signature)).toThrow();
    expect(() => verify(secret, newWebhookEventId(), ts, '{"a":1}', signature)).toThrow();
  });
});
