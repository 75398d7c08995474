import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform/database/data-source';
import { createTestDatabase, storedFlight } from '@pft/testing';
import { factsOf } from '@pft/totals/domain/flight-contribution';
import { newYearEntry } from '@pft/totals/projection/experience-year-bytes';
import { lookUpLatestDates } from '@pft/totals/projection/pilot-experience.store';
import { storeFlights } from '@pft/totals/projection/pilot-flights.store';
import { MIGRATIONS } from './migrations';

const FLIGHTS = 'pilot_flights_v1';

/** Stores one flight of `pilot` under the experience group `group`, as the fold does. */
async function storeFlight(ds: DataSource, pilot: string, group: number): Promise<string> {
  const flight = storedFlight({ date: '2026-03-04' });
  await storeFlights(
    ds,
    FLIGHTS,
    [
      {
        pilotId: pilot,
        state: { flights: new Map([[flight.flight_id, factsOf(flight)]]) },
        touchedFlights: new Set([flight.flight_id]),
      },
    ],
    [[group]],
  );
  return flight.flight_id;
}

/** The group numbers of `pilot` in the active version's day sums and flights views. */
async function groupsInViews(ds: DataSource, pilot: string): Promise<number[]> {
  const rows = await ds.query<{ group_no: number }[]>(
    `select group_no from pilot_experience_days_active where pilot_account_id = $1
     union all
     select group_no from pilot_experience_flights_active where pilot_account_id = $1`,
    [pilot],
  );
  return rows.map((r) => r.group_no);
}

const columnType = async (ds: DataSource): Promise<string> =>
  (
    await ds.query<{ data_type: string }[]>(
      `select data_type from information_schema.columns where table_name = $1 and column_name = 'group_no'`,
      [FLIGHTS],
    )
  )[0]!.data_type;

/**
 * 1763808200000-group-numbers-as-integers: a pilot's experience groups past 32,767 (one import of
 * distinct type designators makes as many) are stored and read; as a smallint the batch failed at
 * every retry and held up its partition.
 */
describe('experience group numbers as integers (real Postgres)', () => {
  it('stores and reads a group number past 32,767; undone and done again, the flights and views stay whole', async () => {
    const db = await createTestDatabase({ migrate: false });
    const ds = await createDataSource(db.url, 1, MIGRATIONS).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      expect(await columnType(ds)).toBe('integer');
      const early = randomUUID();
      await storeFlight(ds, early, 7);

      // Undone, the migrations after it first, the last first.
      const later =
        ds.migrations.length -
        ds.migrations.findIndex((m) => m.name === 'GroupNumbersAsIntegers1763808200000');
      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });
      expect(await columnType(ds)).toBe('smallint');
      expect(await groupsInViews(ds, early)).toEqual([7, 7]);

      await ds.runMigrations({ transaction: 'each' });
      expect(await columnType(ds)).toBe('integer');
      expect(await groupsInViews(ds, early)).toEqual([7, 7]);

      const pilot = randomUUID();
      await storeFlight(ds, pilot, 40_000);
      expect(await groupsInViews(ds, pilot)).toEqual([40_000, 40_000]);
      const stale = [{ pilotId: pilot, entry: newYearEntry(40_000, 2026) }];
      await lookUpLatestDates(ds, FLIGHTS, stale);
      expect(stale[0]!.entry[2]).toBe('2026-03-04');
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
