// The batches that opening-thread*.spec.ts hand the opening thread: messages of every kind a reader meets.
import { randomUUID } from 'node:crypto';
import { encodeEventMessage } from '@pft/contracts';
import {
  sealedEventHead as head,
  sealedFlight as flight,
  sealedMessage,
  type SealingPilot as Pilot,
} from '@pft/testing';

/** The message's text changed: `change` gets it parsed and returns it changed. */
function changed(
  value: Buffer,
  change: (
    message: { payload: { pilot_account_id: string; sealed: Record<string, string> } } & Record<
      string,
      unknown
    >,
  ) => void,
): Buffer {
  const message = JSON.parse(value.toString());
  change(message);
  return Buffer.from(JSON.stringify(message));
}

/**
 * Messages of every kind a reader meets: sound sealed ones, each way one fails to open, and the rest.
 * The last pilot's messages are only those whose key id is written with an escaped character.
 */
export function mixedBatch(pilots: Pilot[], count: number): (Buffer | string | null)[] {
  const values: (Buffer | string | null)[] = [];
  const spaced = pilots[pilots.length - 1]!;
  for (let i = 0; i < count; i++) {
    const pilot = pilots[i % (pilots.length - 1)]!;
    const sound = sealedMessage(pilot);
    switch (i % 19) {
      case 3: // one bit of the ciphertext changed
        values.push(
          changed(sound, (m) => {
            const bytes = Buffer.from(m.payload.sealed.data!, 'base64');
            bytes[14] = bytes[14]! ^ 1;
            m.payload.sealed.data = bytes.toString('base64');
          }),
        );
        break;
      case 5: // moved to another event: the associated data differs
        values.push(changed(sound, (m) => (m.event_id = randomUUID())));
        break;
      case 7: // naming another pilot's key
        values.push(
          changed(sound, (m) => (m.payload.sealed.key_id = pilots[(i + 1) % (pilots.length - 1)]!.keyId)),
        );
        break;
      case 9: // too short to be sealed
        values.push(changed(sound, (m) => (m.payload.sealed.data = 'AAAA')));
        break;
      case 11: // the sealed payload under another pilot
        values.push(changed(sound, (m) => (m.payload.pilot_account_id = randomUUID())));
        break;
      case 13: // a key nobody holds
        values.push(changed(sound, (m) => (m.payload.sealed.key_id = randomUUID())));
        break;
      case 15: // in the clear, as stored before sealing existed
        values.push(
          encodeEventMessage({
            ...head(pilot.id),
            payload: { pilot_account_id: pilot.id, flight },
          }),
        );
        break;
      case 16:
        values.push(i % 2 === 0 ? null : '{"not json');
        break;
      case 17: // its key id's first character escaped: read by parsing it, never by position
        values.push(
          sealedMessage(spaced)
            .toString()
            .replace(
              /"key_id": "(.)/,
              (_all, first: string) => `"key_id": "\\u00${first.charCodeAt(0).toString(16)}`,
            ),
        );
        break;
      default:
        values.push(i % 4 === 0 ? sound.toString() : sound);
    }
  }
  return values;
}
