import { randomUUID } from 'node:crypto';
import { sealedPayloadAad } from '@pft/contracts';
import { type Queryable } from '@pft/platform/database/queryable';
import { type NewEvent } from './event-store';
import { type PayloadSealer, sealingOf, storedPayload } from './payload-sealing';

const runner = {} as Queryable;

/** Seals nothing: answers what it was asked to seal, so the test sees the payload and its associated data. */
const echoing = (): PayloadSealer & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    sealingFor: (_runner, subject) => {
      asked.push(subject);
      return Promise.resolve({
        keyId: `key-of-${subject}`,
        seal: (payload, aad) => ({
          alg: 'A256GCM',
          key_id: `key-of-${subject}`,
          data: JSON.stringify({ payload, aad }),
        }),
      });
    },
    forgetSubject: () => undefined,
  };
};

describe('payload sealing port', () => {
  const pilot = randomUUID();
  const deleted: NewEvent = {
    type: 'FlightDeleted',
    payload: { pilot_account_id: pilot, flight_id: randomUUID() },
  };
  const erased: NewEvent = {
    type: 'AccountErased',
    payload: { pilot_account_id: pilot, erased_at: '2026-01-01T00:00:00.000Z' },
  };

  it('asks the sealer for the pilot of sealed events only, and refuses sealed events without one', async () => {
    const sealer = echoing();
    expect(await sealingOf(runner, undefined, undefined)).toBeUndefined();
    expect((await sealingOf(runner, pilot, sealer))?.keyId).toBe(`key-of-${pilot}`);
    expect(sealer.asked).toEqual([pilot]);
    await expect(sealingOf(runner, pilot, undefined)).rejects.toThrow('PayloadSealer');
  });

  it('stores a sealed type’s payload sealed under the associated data of its event, others as they are', async () => {
    const sealing = await sealingOf(runner, pilot, echoing());
    const head = { event_id: randomUUID(), schema_version: 1 };
    const stored = storedPayload(deleted, head, sealing);
    const aad = sealedPayloadAad({
      event_id: head.event_id,
      type: 'FlightDeleted',
      version: 1,
      pilot_account_id: pilot,
    });
    expect(stored).toEqual({
      pilot_account_id: pilot,
      sealed: {
        alg: 'A256GCM',
        key_id: `key-of-${pilot}`,
        data: JSON.stringify({ payload: deleted.payload, aad }),
      },
    });
    expect(storedPayload(erased, head, sealing)).toBe(erased.payload);
    expect(storedPayload(deleted, head, undefined)).toBe(deleted.payload);
  });
});
