import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { decodeEventMessages, isErased, logbookStreamId, type OpenedDecodeResult } from '@pft/contracts';
import { boxOpener, MESSAGES_FOR_THREAD } from '../crypto/sealed-json';
import { DataKeys } from '../crypto/data-keys';
import { OpeningThread } from '../crypto/opening-thread';
import {
  createTestTopic,
  deleteTestTopics,
  recordedFlightEvent,
  testKafka,
  testMasterKeys,
  topicMessages,
  withTestDataSource,
} from '@pft/testing';
import { DataKeyGone } from '@pft/event-store/append-errors';
import { appendEvents } from '@pft/event-store/event-store';
import { eraseLogbook } from '../erasure/erase-logbook';
import { OUTBOX_READ, type OutboxRow, toKafkaMessage } from '@pft/event-store/outbox-rows';
import { republishEvents } from './republish-events';
import { DataKeySealing } from './payload-sealing';
import { sealStoredEvents } from './seal-stored-events';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';

/** The stored events of `stream` as the relay would publish them. */
async function messagesOf(ds: DataSource, stream: string): Promise<string[]> {
  const rows: { message: string }[] = await ds.query(
    `select json_build_object('event_id', event_id, 'type', type, 'version', schema_version, 'stream_id', stream_id,
              'stream_version', stream_version, 'position', position::text,
              'pilot_account_id', payload->>'pilot_account_id',
              'occurred_at', ${isoTimestamp('occurred_at')},
              'payload', payload, 'metadata', metadata)::text as message
       from events where stream_id = $1 order by stream_version`,
    [stream],
  );
  return rows.map((r) => r.message);
}

const remarksOf = (results: OpenedDecodeResult[]): (string | undefined)[] =>
  results.map((r) =>
    r.ok ? (r.message.payload as { flight?: { remarks?: string } }).flight?.remarks : undefined,
  );

describe('sealed event payloads (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  it('stores a pilot’s logbook payloads sealed with the pilot’s key; readers with the key store open them', async () => {
    const pilot = randomUUID();
    const keys = new DataKeys(testMasterKeys);
    await ds.transaction((tx) =>
      appendEvents(
        tx,
        logbookStreamId(pilot),
        0,
        [recordedFlightEvent(pilot, 'sealed-remark-1')],
        {},
        { sealer: new DataKeySealing(keys) },
      ),
    );
    const [row] = await ds.query(`select payload::text as payload from events where stream_id = $1`, [
      logbookStreamId(pilot),
    ]);
    expect(row.payload).not.toContain('sealed-remark-1');
    expect(JSON.parse(row.payload)).toEqual({
      pilot_account_id: pilot,
      sealed: { alg: 'A256GCM', key_id: expect.any(String), data: expect.any(String) },
    });
    // Another process, its own cache: the key comes from data_keys.
    const reader = new DataKeys(testMasterKeys);
    const decoded = await decodeEventMessages(
      await messagesOf(ds, logbookStreamId(pilot)),
      boxOpener(reader, ds),
    );
    expect(remarksOf(decoded)).toEqual(['sealed-remark-1']);
  });

  it('refuses to append under a key destroyed since a writer remembered it; the writer asks again', async () => {
    const pilot = randomUUID();
    const writer = new DataKeySealing(new DataKeys(testMasterKeys));
    const stream = logbookStreamId(pilot);
    await ds.transaction((tx) =>
      appendEvents(tx, stream, 0, [recordedFlightEvent(pilot, 'before')], {}, { sealer: writer }),
    );
    // Destroyed by another process: this writer still holds the key in memory.
    await new DataKeys(testMasterKeys).destroy(ds, pilot);
    await expect(
      ds.transaction((tx) =>
        appendEvents(tx, stream, 1, [recordedFlightEvent(pilot, 'after')], {}, { sealer: writer }),
      ),
    ).rejects.toBeInstanceOf(DataKeyGone);
    await ds.transaction((tx) =>
      appendEvents(tx, stream, 1, [recordedFlightEvent(pilot, 'after')], {}, { sealer: writer }),
    );
    const decoded = await decodeEventMessages(
      await messagesOf(ds, stream),
      boxOpener(new DataKeys(testMasterKeys), ds),
    );
    expect(decoded.map(isErased)).toEqual([true, false]);
    expect(remarksOf(decoded)).toEqual([undefined, 'after']);
  });

  it('erases a logbook: keys destroyed, plain payloads of before sealing shredded, write-side rows deleted, AccountErased appended', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const keys = new DataKeys(testMasterKeys);
    await ds.transaction((tx) =>
      appendEvents(
        tx,
        stream,
        0,
        [recordedFlightEvent(pilot, 'sealed-one')],
        {},
        { sealer: new DataKeySealing(keys) },
      ),
    );
    // One stored in the clear, as before sealing existed.
    const plain = recordedFlightEvent(pilot, 'plain-one');
    await ds.query(
      `insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
       values ($1, $2, 2, 'FlightRecorded', 1, $3::jsonb, '{}')`,
      [randomUUID(), stream, JSON.stringify(plain.payload)],
    );
    await ds.query(
      `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
       values ($1, $2, '{"remarks": "plain-one"}', '2026-05-01', now(), now())`,
      [pilot, randomUUID()],
    );
    await ds.transaction((tx) => eraseLogbook(tx, pilot, 'req_erase', keys));
    const [{ n }] = await ds.query(
      `select count(*)::int as n from events where stream_id = $1 and payload::text like '%-one%'`,
      [stream],
    );
    expect(n).toBe(0);
    expect(await ds.query(`select * from flights where pilot_account_id = $1`, [pilot])).toEqual([]);
    expect(await ds.query(`select * from data_keys where subject_id = $1`, [pilot])).toEqual([]);
    const decoded = await decodeEventMessages(
      await messagesOf(ds, stream),
      boxOpener(new DataKeys(testMasterKeys), ds),
    );
    expect(decoded.map((d) => (d.ok ? d.message.type : isErased(d) ? 'erased' : d.reason))).toEqual([
      'erased',
      'erased',
      'AccountErased',
    ]);
  });

  it('seals the payloads stored in the clear in place (pft privacy seal-events) and republishes the store to a new topic', async () => {
    const kafka = testKafka('seal-events-test');
    const topic = await createTestTopic(kafka, 'sealed-republish', 3);
    const pilots = [randomUUID(), randomUUID()];
    for (const pilot of pilots) {
      for (let v = 1; v <= 3; v++) {
        await ds.query(
          `insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
           values ($1, $2, $3, 'FlightRecorded', 1, $4::jsonb, '{}')`,
          [
            randomUUID(),
            logbookStreamId(pilot),
            v,
            JSON.stringify(recordedFlightEvent(pilot, `legacy-${pilot}-${v}`).payload),
          ],
        );
      }
    }
    const before = await Promise.all(pilots.map((p) => messagesOf(ds, logbookStreamId(p))));
    // An old plaintext event reads as it is (the migration period).
    const plainRead = await decodeEventMessages(before[0]!, boxOpener(new DataKeys(testMasterKeys), ds));
    expect(remarksOf(plainRead)).toEqual([1, 2, 3].map((v) => `legacy-${pilots[0]}-${v}`));

    const progress: { done: number; total: number }[] = [];
    const keys = new DataKeys(testMasterKeys);
    const result = await sealStoredEvents(ds, { batchSize: 4, keys, onProgress: (p) => progress.push(p) });
    expect(result.sealed).toBeGreaterThanOrEqual(6);
    expect(progress[0]).toEqual({ done: 0, total: expect.any(Number) });
    expect(progress[progress.length - 1]!.done).toBe(progress[0]!.total);
    const [{ n }] = await ds.query(
      `select count(*)::int as n from events where payload::text like '%legacy-%'`,
    );
    expect(n).toBe(0);
    expect((await sealStoredEvents(ds, { keys })).sealed).toBe(0);
    for (const [i, pilot] of pilots.entries()) {
      const after = await decodeEventMessages(
        await messagesOf(ds, logbookStreamId(pilot)),
        boxOpener(keys, ds),
      );
      expect(remarksOf(after)).toEqual(remarksOf(await decodeEventMessages(before[i]!, boxOpener(keys, ds))));
    }

    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const [{ total }] = await ds.query(
      `select count(*)::int as total from events e where not exists (select 1 from event_outbox o where o.position = e.position)`,
    );
    const { published } = await republishEvents(ds, producer, topic, { batchSize: 5 });
    await producer.disconnect();
    expect(published).toBe(total);
    let values: Buffer[];
    try {
      values = (await topicMessages(kafka, topic)).map((m) => m.value!);
    } finally {
      await deleteTestTopics(kafka, [topic]);
    }
    expect(Buffer.concat(values).includes(Buffer.from('legacy-'))).toBe(false);
    const read = await decodeEventMessages(values, boxOpener(keys, ds));
    expect(read.filter((r) => !r.ok && !isErased(r))).toEqual([]);
    const legacy = remarksOf(read).filter((r) => r?.startsWith('legacy-'));
    expect(legacy.sort()).toEqual(pilots.flatMap((p) => [1, 2, 3].map((v) => `legacy-${p}-${v}`)).sort());
  }, 60_000);

  it('finds every data key in the relay’s own messages on the opening thread, asks for each once, and opens them by position', async () => {
    const keys = new DataKeys(testMasterKeys);
    const pilots: string[] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const perPilot = Math.ceil(MESSAGES_FOR_THREAD / pilots.length) + 5;
    for (const pilot of pilots) {
      const events = Array.from({ length: perPilot }, (_, i) => recordedFlightEvent(pilot, `remark ${i}`));
      await ds.transaction((tx) =>
        appendEvents(tx, logbookStreamId(pilot), 0, events, {}, { sealer: new DataKeySealing(keys) }),
      );
    }
    // The relay's own read of the outbox and its own messages, as they go to the topic.
    const rows: OutboxRow[] = await ds.query(OUTBOX_READ, [10_000]);
    const values = rows
      .filter((r) => pilots.includes(r.pilot_account_id))
      .map((r) => toKafkaMessage(r).value as Buffer);
    expect(values).toHaveLength(pilots.length * perPilot);
    const keyIds: { key_id: string }[] = await ds.query(
      `select key_id::text as key_id from data_keys where subject_id = any($1::uuid[])`,
      [pilots],
    );
    const thread = new OpeningThread();
    const asked = jest.spyOn(thread, 'openMessages');
    try {
      const decoded = await decodeEventMessages(
        values,
        boxOpener(new DataKeys(testMasterKeys), ds, { thread }),
      );
      // The batch, then the messages whose keys the new thread did not hold, with those keys.
      expect(asked).toHaveBeenCalledTimes(2);
      expect(asked.mock.calls[1]![0]).toHaveLength(values.length);
      expect(asked.mock.calls[1]![3]!.keyIds.sort()).toEqual(keyIds.map((k) => k.key_id).sort());
      expect(thread.readByPosition).toBe(values.length);
      // Each says which key it opened with: its pilot's.
      const keyOfPilot = new Map(
        (
          await ds.query<{ subject_id: string; key_id: string }[]>(
            `select subject_id::text as subject_id, key_id::text as key_id from data_keys where subject_id = any($1::uuid[])`,
            [pilots],
          )
        ).map((k) => [k.subject_id, k.key_id]),
      );
      expect(decoded.map((d) => d.ok && d.sealedWith)).toEqual(
        pilots.flatMap((p) => Array.from({ length: perPilot }, () => keyOfPilot.get(p))),
      );
      expect(
        decoded.map((d) => d.ok && (d.message.payload as { flight: { remarks: string } }).flight.remarks),
      ).toEqual(pilots.flatMap(() => Array.from({ length: perPilot }, (_, i) => `remark ${i}`)));
    } finally {
      await thread.close();
    }
  });
});
