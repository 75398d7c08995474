import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type DataSource } from 'typeorm';
import { encodeEventMessage, type Flight } from '@pft/contracts';
import { createDataSource } from '@pft/platform/database/data-source';
import { createTestDatabase } from '@pft/testing';
import {
  experienceRecordArb,
  logbookEventMessage,
  oracleExperience,
  type DeliveredLogbookEvent,
  type ExperienceRecord,
} from '@pft/testing/oracle';
import { readPilotExperiences } from '@pft/totals/read/pilot-experience.read';
import { applyPilotTotalsBatch } from '@pft/totals/projection/pilot-totals.batch';
import { MIGRATIONS } from './migrations';

const AS_OFS = ['2019-06-30', '2021-01-01', '2022-03-15', '2024-12-31'];

/** Each pilot's records: a few dozen flights and sessions around a date, in a few aircraft. */
const pilotsRecords = (seed: number): ExperienceRecord[][] =>
  fc.sample(fc.array(experienceRecordArb('2021-06-01'), { minLength: 20, maxLength: 40 }), {
    numRuns: 3,
    seed,
  });

function recorded(
  pilotId: string,
  records: readonly ExperienceRecord[],
  ids: string[],
): DeliveredLogbookEvent[] {
  return records.map((record, i) => ({
    stream_version: i + 1,
    event: {
      type: 'FlightRecorded',
      version: 2,
      payload: { pilot_account_id: pilotId, flight: { ...record, flight_id: ids[i]! } as Flight },
    },
  }));
}

async function fold(ds: DataSource, pilotId: string, events: DeliveredLogbookEvent[], from: number) {
  const messages = events.map((event, i) => ({
    offset: String(from + i),
    key: Buffer.from(pilotId),
    value: encodeEventMessage(logbookEventMessage(pilotId, event, new Date(), from + i)),
  }));
  const outcome = await ds.transaction((tx) =>
    applyPilotTotalsBatch(tx, { version: 1, topic: 't', partition: 0 }, messages),
  );
  expect(outcome.deadLetters).toEqual([]);
}

/**
 * 1763806800000-experience-from-flights on a projection holding pilots' experience: undone, the day
 * and year sums are tables again holding what the views gave; done again, the flights get their
 * groups back from the pilots' groups and the rows their years from the year rows, so every read
 * answers as the oracle does, before and after, and so does the fold of what comes next.
 */
describe('the experience sums moved to the flights and the pilots’ rows (real Postgres)', () => {
  it('keeps every answer across the migration undone and done again', async () => {
    const db = await createTestDatabase({ migrate: false });
    const ds = await createDataSource(db.url, 1, MIGRATIONS).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      const pilots = pilotsRecords(62).map((records) => ({
        id: randomUUID(),
        records,
        ids: records.map(() => randomUUID()),
      }));
      let offset = 0;
      for (const p of pilots) {
        const events = recorded(p.id, p.records, p.ids);
        await fold(ds, p.id, events, offset);
        offset += events.length;
      }
      const expectOracle = async (records: (p: (typeof pilots)[number]) => ExperienceRecord[]) => {
        for (const asOf of AS_OFS) {
          const read = await readPilotExperiences(
            ds,
            pilots.map((p) => p.id),
            asOf,
          );
          for (const p of pilots)
            expect(read.get(p.id)?.experience).toEqual(
              oracleExperience({ records: records(p), starting: null }, asOf),
            );
        }
      };
      await expectOracle((p) => p.records);
      type Sums = { days: unknown[]; years: unknown[]; groups: number[] };
      const sums = async (): Promise<Sums[]> =>
        ds.query<Sums[]>(
          `select (select json_agg(d order by d.pilot_account_id, d.day, d.group_no) from pilot_experience_days_v1 d) as days,
                  (select json_agg(y order by y.pilot_account_id, y.year, y.group_no) from pilot_experience_years_v1 y) as years,
                  (select json_agg(f.group_no order by f.pilot_account_id, f.flight_id) from pilot_flights_v1 f) as groups`,
        );
      const [before] = await sums();
      expect(before!.days.length).toBeGreaterThan(0);
      expect(before!.years.length).toBeGreaterThan(0);

      // Undone back to before it: the migrations after it first, the last first.
      const later =
        ds.migrations.length -
        ds.migrations.findIndex((m) => m.name === 'ExperienceFromFlights1763806800000');
      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });
      const kinds = await ds.query(
        `select relname, relkind from pg_class where relname in ('pilot_experience_days_v1', 'pilot_experience_years_v1') order by 1`,
      );
      expect(kinds).toEqual([
        { relname: 'pilot_experience_days_v1', relkind: 'r' },
        { relname: 'pilot_experience_years_v1', relkind: 'r' },
      ]);
      const [undone] = await ds.query<{ days: unknown[]; years: unknown[] }[]>(
        `select (select json_agg(d order by d.pilot_account_id, d.day, d.group_no) from pilot_experience_days_v1 d) as days,
                (select json_agg(y order by y.pilot_account_id, y.year, y.group_no) from pilot_experience_years_v1 y) as years`,
      );
      expect(undone).toEqual({ days: before!.days, years: before!.years });

      await ds.runMigrations({ transaction: 'each' });
      expect(await sums()).toEqual([before]);
      await expectOracle((p) => p.records);

      // What comes next folds on what was moved: each pilot's first flight moved to another year, its last deleted.
      const after = new Map<string, ExperienceRecord[]>();
      for (const p of pilots) {
        const moved = { ...p.records[0]!, date: '2018-02-03' };
        const n = p.records.length;
        const events: DeliveredLogbookEvent[] = [
          {
            stream_version: n + 1,
            event: {
              type: 'FlightAmended',
              version: 2,
              payload: { pilot_account_id: p.id, flight: { ...moved, flight_id: p.ids[0]! } as Flight },
            },
          },
          {
            stream_version: n + 2,
            event: {
              type: 'FlightDeleted',
              version: 1,
              payload: { pilot_account_id: p.id, flight_id: p.ids[n - 1]! },
            },
          },
        ];
        await fold(ds, p.id, events, offset);
        offset += events.length;
        after.set(p.id, [moved, ...p.records.slice(1, n - 1)]);
      }
      await expectOracle((p) => after.get(p.id)!);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
