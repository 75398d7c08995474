import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type EventMessage, isSealedEventType, sealedPayloadAad } from '@pft/contracts';
import { type DataKey, masterKeyRingFromEnv, newDataKey, sealJson } from '@pft/privacy';
import { relayMessageValue } from '@pft/testing';

interface KeyRow {
  keyId: string;
  subject: string;
  wrapped: Buffer;
  masterKeyId: string;
}

/**
 * The benchmark's events as the service stores and publishes them now (laid out as the relay publishes
 * them, payloads as Postgres writes jsonb: relay-layout.ts): each pilot's logbook payloads
 * sealed with a data key of that pilot (made here, one per pilot, wrapped with the master key of the
 * environment, the apps' too), and the `data_keys` rows each projector database needs to open them.
 */
export class SealedBenchEvents {
  private readonly ring = masterKeyRingFromEnv();
  private readonly keys = new Map<string, DataKey>();
  private readonly rows: KeyRow[] = [];

  private keyOf(pilot: string): DataKey {
    let key = this.keys.get(pilot);
    if (!key) {
      key = { keyId: randomUUID(), key: newDataKey() };
      const { wrapped, masterKeyId } = this.ring.wrap(key.key, key.keyId, pilot);
      this.rows.push({ keyId: key.keyId, subject: pilot, wrapped, masterKeyId });
      this.keys.set(pilot, key);
    }
    return key;
  }

  /** The same messages, logbook payloads sealed, laid out as the relay publishes them. */
  seal<M extends { key: string; value: Buffer | string }>(messages: readonly M[]): M[] {
    return messages.map((m) => {
      const message = JSON.parse(m.value.toString()) as EventMessage;
      if (!isSealedEventType(message.type)) return m;
      const sealed = {
        pilot_account_id: message.pilot_account_id,
        sealed: sealJson(message.payload, this.keyOf(message.pilot_account_id), sealedPayloadAad(message)),
      };
      return { ...m, value: relayMessageValue({ ...message, payload: sealed } as unknown as EventMessage) };
    });
  }

  /** Stores every pilot's data key in the database a projector will open the payloads from. */
  async storeKeys(databaseUrl: string): Promise<void> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (let i = 0; i < this.rows.length; i += 5000) {
        const chunk = this.rows.slice(i, i + 5000);
        await client.query(
          `insert into data_keys (key_id, subject_id, wrapped_key, master_key_id)
           select * from unnest($1::uuid[], $2::uuid[], $3::bytea[], $4::text[])`,
          [
            chunk.map((r) => r.keyId),
            chunk.map((r) => r.subject),
            chunk.map((r) => r.wrapped),
            chunk.map((r) => r.masterKeyId),
          ],
        );
      }
    } finally {
      await client.end();
    }
  }
}
