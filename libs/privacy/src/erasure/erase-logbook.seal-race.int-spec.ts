import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { decodeEventMessages, isErased, logbookStreamId } from '@pft/contracts';
import { flightRecordedPayload, lockWaiters, withTestDataSource } from '@pft/testing';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';
import { type Queryable } from '@pft/platform/database/queryable';
import { boxOpener } from '../crypto/sealed-json';
import { type DataKey, DataKeys } from '../crypto/data-keys';
import { DEVELOPMENT_MASTER_KEY, MasterKeyRing } from '../crypto/master-keys';
import { sealStoredEvents } from '../sealing/seal-stored-events';
import { eraseLogbook } from './erase-logbook';

const ring = () => MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY);

/** Data keys whose sealing of `subject` stops, its key made, until `go` is called. */
class HeldKeys extends DataKeys {
  readonly made: Promise<void>;
  go!: () => void;
  private tellMade!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.go = resolve));

  constructor(private readonly subject: string) {
    super(ring());
    this.made = new Promise<void>((resolve) => (this.tellMade = resolve));
  }

  override async keyToSeal(runner: Queryable, subject: string): Promise<DataKey> {
    const key = await super.keyToSeal(runner, subject);
    if (subject === this.subject) {
      this.tellMade();
      await this.released;
    }
    return key;
  }
}

/** What a reader with the keys in the store reads of the stream: each event's type, or 'erased'. */
async function readBack(ds: DataSource, pilot: string): Promise<string[]> {
  const rows: { message: string }[] = await ds.query(
    `select json_build_object('event_id', event_id, 'type', type, 'version', schema_version, 'stream_id', stream_id,
              'stream_version', stream_version, 'position', position::text,
              'pilot_account_id', payload->>'pilot_account_id',
              'occurred_at', ${isoTimestamp('occurred_at')},
              'payload', payload, 'metadata', metadata)::text as message
       from events where stream_id = $1 order by stream_version`,
    [logbookStreamId(pilot)],
  );
  const decoded = await decodeEventMessages(
    rows.map((r) => r.message),
    boxOpener(new DataKeys(ring()), ds),
  );
  return decoded.map((d) => (d.ok ? d.message.type : isErased(d) ? 'erased' : d.reason));
}

describe('an erasure racing the sealing of payloads stored in the clear (pft privacy seal-events)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  it('destroys the key the sealing made for the pilot while the erasure ran: nothing of the pilot reads again', async () => {
    const pilot = randomUUID();
    // A flight stored in the clear, as before sealing existed; the pilot has no data key yet.
    await ds.query(
      `insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
       values ($1, $2, 1, 'FlightRecorded', 1, $3::jsonb, '{}')`,
      [randomUUID(), logbookStreamId(pilot), JSON.stringify(flightRecordedPayload(pilot, 'plain-secret'))],
    );
    const keys = new HeldKeys(pilot);
    // The sealing's batch holds the pilot's plain row and has made the pilot's key, not committed yet.
    const sealing = sealStoredEvents(ds, { keys });
    await keys.made;
    await ds.query(`insert into account_erasures (pilot_account_id, request_id) values ($1, 'req_erase')`, [
      pilot,
    ]);
    const erasure = ds.transaction((tx) => eraseLogbook(tx, pilot, 'req_erase', new DataKeys(ring())));
    // The erasure waits for the sealing's row; then the sealing commits, the key it made with it.
    await lockWaiters(ds, 1, 'the erasure to wait for the sealing');
    keys.go();
    expect(await sealing).toEqual({ sealed: 1, leftToErasures: 0 });
    await erasure;

    expect(await ds.query(`select key_id from data_keys where subject_id = $1`, [pilot])).toEqual([]);
    expect(await readBack(ds, pilot)).toEqual(['erased', 'AccountErased']);
  });
});
