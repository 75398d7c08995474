import { randomUUID } from 'node:crypto';
import { type EventMessage, logbookStreamId, sealedPayloadAad } from '@pft/contracts';
import { DEVELOPMENT_MASTER_KEY, MasterKeyRing, newDataKey, sealJson } from '@pft/privacy';
import { seal } from '@pft/privacy/crypto/aes-gcm';
import { storedFlight } from './flight-body';
import { relayMessageValue } from './relay-layout';

// Pilots, their data keys and their sealed messages as the relay publishes them, without a database:
// for the tests of what opens sealed payloads.

/** The master key ring the pilots' data keys are wrapped with. */
export const testMasterKeys = MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY, []);

/** The flight of every sealed message. */
export const sealedFlight = storedFlight({ remarks: 'Übungsflug, "quoted", \\ and\nnew line ✈' });

export interface SealingPilot {
  id: string;
  keyId: string;
  key: Buffer;
}

/** Pilots with their data keys, and a table answering DataKeys.load with the keys not `destroyed`. */
export function pilotsWithKeys(count: number) {
  const pilots: SealingPilot[] = Array.from({ length: count }, () => ({
    id: randomUUID(),
    keyId: randomUUID(),
    key: newDataKey(),
  }));
  const destroyed = new Set<string>();
  const table = {
    query: () =>
      Promise.resolve(
        pilots
          .filter((p) => !destroyed.has(p.keyId))
          .map((p) => {
            const { wrapped, masterKeyId } = testMasterKeys.wrap(p.key, p.keyId, p.id);
            return { key_id: p.keyId, subject_id: p.id, wrapped_key: wrapped, master_key_id: masterKeyId };
          }),
      ),
  };
  return { pilots, table, destroy: (p: SealingPilot) => destroyed.add(p.keyId) };
}

let position = 0;

/** The head of a FlightRecorded of `pilot`, its position the next of this process. */
export function sealedEventHead(pilot: string) {
  position += 1;
  return {
    event_id: randomUUID(),
    type: 'FlightRecorded' as const,
    version: 1,
    stream_id: logbookStreamId(pilot),
    stream_version: position,
    position: String(position),
    pilot_account_id: pilot,
    occurred_at: '2026-11-22T10:00:00.000Z',
    metadata: {},
  };
}

/** A FlightRecorded as the relay publishes it, its payload sealed with the pilot's key (or `plaintext` sealed instead). */
export function sealedMessage(pilot: SealingPilot, plaintext?: string): Buffer {
  const h = sealedEventHead(pilot.id);
  const payload = { pilot_account_id: pilot.id, flight: sealedFlight };
  const aad = sealedPayloadAad(h);
  const sealed =
    plaintext === undefined
      ? sealJson(payload, { keyId: pilot.keyId, key: pilot.key }, aad)
      : {
          alg: 'A256GCM' as const,
          key_id: pilot.keyId,
          data: seal(pilot.key, Buffer.from(plaintext), aad).toString('base64'),
        };
  return relayMessageValue({
    ...h,
    payload: { pilot_account_id: pilot.id, sealed },
  } as unknown as EventMessage);
}
