import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { decodeEventMessages, logbookStreamId, zeroFlightMinutes } from '@pft/contracts';
import {
  boxOpener,
  DataKeys,
  DEVELOPMENT_MASTER_KEY,
  MasterKeyRing,
  MESSAGES_FOR_THREAD,
} from '@pft/platform/crypto';
import { keyIdsIn, OpeningThread } from '@pft/platform/crypto/opening-thread';
import { flightBody, withTestDataSource } from '@pft/testing';
import { appendEvents, type NewEvent } from '../event-store';
import { OUTBOX_READ, type OutboxRow, toKafkaMessage } from '../outbox-rows';

const ring = () => MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY);

const recorded = (pilot: string, remarks: string): NewEvent => ({
  type: 'FlightRecorded',
  payload: {
    pilot_account_id: pilot,
    flight: {
      ...(flightBody({ remarks }) as object),
      minutes: zeroFlightMinutes(),
      landings: { day: 0, night: 0 },
    },
  } as NewEvent['payload'],
});

describe('sealed messages as the relay publishes them (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  it('names every data key in their bytes, and opens a batch of them on the opening thread in one request', async () => {
    const keys = new DataKeys(ring());
    const pilots: string[] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const perPilot = Math.ceil(MESSAGES_FOR_THREAD / pilots.length) + 5;
    for (const pilot of pilots) {
      const events = Array.from({ length: perPilot }, (_, i) => recorded(pilot, `remark ${i}`));
      await ds.transaction((tx) => appendEvents(tx, logbookStreamId(pilot), 0, events, {}, { keys }));
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
    expect(keyIdsIn(Buffer.concat(values)).sort()).toEqual(keyIds.map((k) => k.key_id).sort());

    const thread = new OpeningThread();
    const asked = jest.spyOn(thread, 'openMessages');
    try {
      const decoded = await decodeEventMessages(values, boxOpener(new DataKeys(ring()), ds, { thread }));
      expect(asked).toHaveBeenCalledTimes(1);
      expect(
        decoded.map((d) => d.ok && (d.message.payload as { flight: { remarks: string } }).flight.remarks),
      ).toEqual(pilots.flatMap(() => Array.from({ length: perPilot }, (_, i) => `remark ${i}`)));
    } finally {
      await thread.close();
    }
  });
});
