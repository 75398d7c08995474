import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { flightRecordedPayload, withTestDataSource } from '@pft/testing';
import { DataKeys } from '../crypto/data-keys';
import { DEVELOPMENT_MASTER_KEY, MasterKeyRing } from '../crypto/master-keys';
import { sealStoredEvents } from './seal-stored-events';

/** A flight of `pilot` stored in the clear at `version`, as before sealing existed. */
async function plainFlight(ds: DataSource, pilot: string, version: number): Promise<void> {
  await ds.query(
    `insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
     values ($1, $2, $3, 'FlightRecorded', 1, $4::jsonb, '{}')`,
    [
      randomUUID(),
      logbookStreamId(pilot),
      version,
      JSON.stringify(flightRecordedPayload(pilot, `plain-${version}`)),
    ],
  );
}

const plainOf = async (ds: DataSource, pilot: string): Promise<number> =>
  (
    await ds.query<{ n: number }[]>(
      `select count(*)::int as n from events where stream_id = $1 and not (payload ? 'sealed')`,
      [logbookStreamId(pilot)],
    )
  )[0]!.n;

describe('pft privacy seal-events while an account erasure is under way', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  it('leaves the payloads of a pilot being erased, who has no key, to the erasure, and seals the rest of the batch', async () => {
    const [erasing, other] = [randomUUID(), randomUUID()];
    // In one batch: the erasing pilot's first, then another pilot's, then the erasing pilot's again.
    await plainFlight(ds, erasing, 1);
    await plainFlight(ds, other, 1);
    await plainFlight(ds, erasing, 2);
    await ds.query(`insert into account_erasures (pilot_account_id, request_id) values ($1, 'req_erase')`, [
      erasing,
    ]);
    const keys = new DataKeys(MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY));
    expect(await sealStoredEvents(ds, { keys, batchSize: 10 })).toEqual({ sealed: 1, leftToErasures: 2 });
    expect([await plainOf(ds, erasing), await plainOf(ds, other)]).toEqual([2, 0]);
    expect(await ds.query(`select key_id from data_keys where subject_id = $1`, [erasing])).toEqual([]);
    // Run again: the same two left, nothing else to do.
    expect(await sealStoredEvents(ds, { keys })).toEqual({ sealed: 0, leftToErasures: 2 });
  });
});
