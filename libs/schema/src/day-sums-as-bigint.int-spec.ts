import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform/database/data-source';
import { createTestDatabase } from '@pft/testing';
import { MIGRATIONS } from './migrations';

/** Flights of a whole day each on one date, in one group: their minutes pass 2^31 - 1. */
const FLIGHTS = 1_491_309;

const dayOf = async (ds: DataSource, pilot: string): Promise<unknown[]> =>
  ds.query(
    `select total_flight_time, landings_day, records from pilot_experience_days_active where pilot_account_id = $1`,
    [pilot],
  );

/**
 * 1763808600000-day-sums-as-bigint: the day sums of a pilot who logged 1,491,309 flights of a whole
 * day on one date (ingestion takes them: 50,000 per import, any number of imports) are read; as
 * integers every read of the view that reached them failed.
 */
describe('day sums as bigint (real Postgres)', () => {
  it('reads a day past 2^31 - 1 minutes; undone, the read fails; done again, it is read', async () => {
    const db = await createTestDatabase({ migrate: false });
    const ds = await createDataSource(db.url, 1, MIGRATIONS).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      const pilot = randomUUID();
      await ds.query(
        `insert into pilot_flights_v1 (pilot_account_id, flight_id, flight_date, kind, category, rating_key, minutes,
                                       landings_day, landings_night, group_no)
         select $1, gen_random_uuid(), '2024-05-01', 'flight', 'airplane', 'sep_land',
                array[1440, 1440, 0, 0, 0, 0, 0, 0, 0, 1440, 0, 0, 0], 1, 0, 0
           from generate_series(1, ${FLIGHTS})`,
        [pilot],
      );
      const day = [
        {
          total_flight_time: String(FLIGHTS * 1440),
          landings_day: String(FLIGHTS),
          records: String(FLIGHTS),
        },
      ];
      expect(await dayOf(ds, pilot)).toEqual(day);

      // Undone, the migrations after it first, the last first.
      const later =
        ds.migrations.length - ds.migrations.findIndex((m) => m.name === 'DaySumsAsBigint1763808600000');
      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });
      await expect(dayOf(ds, pilot)).rejects.toThrow(/integer out of range/);

      await ds.runMigrations({ transaction: 'each' });
      expect(await dayOf(ds, pilot)).toEqual(day);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
