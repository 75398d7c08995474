import { randomUUID } from 'node:crypto';
import { flightBody } from '@pft/testing/flight-body';
import { zeroFlightMinutes } from '../logbook';
import { decodeEventMessage, decodeEventMessages, isErased } from './decode-event';
import { encodeEventMessage, type EventMessage } from './event-message';
import { sealedPayloadAad, type SealedPayload, type SealedPayloadOpener } from './sealed-payload';

const pilot = randomUUID();
const flight = flightBody({ minutes: zeroFlightMinutes(), remarks: 'first solo' });

const head = (): Omit<EventMessage, 'payload'> => ({
  event_id: randomUUID(),
  type: 'FlightRecorded',
  version: 1,
  stream_id: `logbook-${pilot}`,
  stream_version: 1,
  position: '1',
  pilot_account_id: pilot,
  occurred_at: '2026-05-01T10:00:00.000Z',
  metadata: {},
});

/**
 * A stand-in for the key store: "seals" as base64 JSON with the associated data in front (the real
 * AES-GCM is tested in libs/platform); keys in `destroyed` read as gone.
 */
class FakeOpener implements SealedPayloadOpener {
  loads: string[][] = [];
  destroyed = new Set<string>();
  load(keyIds: Iterable<string>): Promise<void> {
    this.loads.push([...keyIds]);
    return Promise.resolve();
  }
  openMany(requests: readonly { box: SealedPayload['sealed']; aad: string }[]): Promise<unknown[]> {
    return Promise.resolve(
      requests.map(({ box, aad }) => {
        if (this.destroyed.has(box.key_id)) return null;
        const [sealedAad, json] = Buffer.from(box.data, 'base64').toString('utf8').split('\n');
        if (sealedAad !== aad) return new Error('tag mismatch');
        return JSON.parse(json!) as unknown;
      }),
    );
  }
  static seal(message: Omit<EventMessage, 'payload'>, payload: unknown, keyId: string): SealedPayload {
    const data = Buffer.from(`${sealedPayloadAad(message)}\n${JSON.stringify(payload)}`).toString('base64');
    return { pilot_account_id: pilot, sealed: { alg: 'A256GCM', key_id: keyId, data } };
  }
}

const message = (h: Omit<EventMessage, 'payload'>, payload: unknown): Buffer =>
  encodeEventMessage({ ...h, payload } as EventMessage);

describe('decodeEventMessages: the one seam where sealed payloads are opened', () => {
  const plain = { pilot_account_id: pilot, flight };

  it('opens sealed payloads with the keys of the whole batch loaded at once, and reads plain ones as they are', async () => {
    const opener = new FakeOpener();
    const [a, b, c] = [head(), head(), head()];
    const results = await decodeEventMessages(
      [
        message(a, FakeOpener.seal(a, plain, 'k1')),
        message(b, FakeOpener.seal(b, plain, 'k2')),
        message(c, plain),
      ],
      opener,
    );
    expect(opener.loads).toEqual([['k1', 'k2']]);
    expect(results.map((r) => r.ok && r.message.payload)).toEqual([plain, plain, plain]);
  });

  it('reads a payload whose key was destroyed as erased: no fault, no payload', async () => {
    const opener = new FakeOpener();
    opener.destroyed.add('k1');
    const h = head();
    const [result] = await decodeEventMessages([message(h, FakeOpener.seal(h, plain, 'k1'))], opener);
    expect(result!.ok).toBe(false);
    expect(isErased(result!)).toBe(true);
    expect(JSON.stringify(result)).not.toContain('first solo');
  });

  it('refuses a sealed payload moved to another event (the associated data differs)', async () => {
    const opener = new FakeOpener();
    const [from, to] = [head(), head()];
    const [result] = await decodeEventMessages([message(to, FakeOpener.seal(from, plain, 'k1'))], opener);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('does not open') });
    expect(isErased(result!)).toBe(false);
  });

  it('checks the opened payload against its schema', async () => {
    const h = head();
    const [result] = await decodeEventMessages(
      [message(h, FakeOpener.seal(h, { pilot_account_id: pilot, flight: { flight_id: 'x' } }, 'k1'))],
      new FakeOpener(),
    );
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('FlightRecorded payload') });
  });

  it('leaves decodeEventMessage (without keys) refusing a sealed payload rather than guessing', () => {
    const h = head();
    expect(decodeEventMessage(message(h, FakeOpener.seal(h, plain, 'k1')))).toEqual({
      ok: false,
      reason: expect.stringContaining('sealed'),
    });
  });
});
