import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type DataSource } from 'typeorm';
import { encodeEventMessage } from '@pft/contracts';
import { withTestDataSource } from '@pft/testing';
import {
  experienceRecordArb,
  historyMessages,
  type LogbookIntent,
  logbookHistory,
} from '@pft/testing/oracle';
import { applyPilotTotalsBatch } from './pilot-totals.batch';
import { projectionTables } from './projection-tables';

type FlightBody = Extract<LogbookIntent, { op: 'record' }>['flight'];

/**
 * A logbook of many aircraft types over many years: its pilot's row holds kilobytes of experience
 * groups and year sums, which Postgres compresses when it writes the row.
 */
function manyAircraftIntents(count: number): LogbookIntent[] {
  const records = fc.sample(experienceRecordArb('2019-03-01'), { seed: 7, numRuns: count });
  return records.map((record, i) => ({
    op: 'record',
    id: randomUUID(),
    flight: { ...record, date: `${2005 + (i % 20)}-0${1 + (i % 9)}-1${i % 10}` } as FlightBody,
  }));
}

describe('pilot totals batch settings (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(1, (made) => (ds = made));

  it('compresses a pilot row’s experience with lz4 where the server has it, pglz where not', async () => {
    const pilot = randomUUID();
    const messages = historyMessages([
      { pilotId: pilot, events: logbookHistory(pilot, manyAircraftIntents(300)) },
    ]).map((m, offset) => ({
      offset: String(offset),
      key: Buffer.from(m.pilot_account_id),
      value: encodeEventMessage(m),
    }));
    const serverDefault = async (): Promise<string> =>
      (
        await ds.query<[{ setting: string }]>(
          `select current_setting('default_toast_compression') as setting`,
        )
      )[0].setting;
    const before = await serverDefault();
    await ds.transaction((tx) =>
      applyPilotTotalsBatch(tx, { version: 1, topic: 't', partition: 0 }, messages),
    );
    const [{ lz4 }] = await ds.query<[{ lz4: boolean }]>(
      `select exists(select 1 from pg_settings
                      where name = 'default_toast_compression' and 'lz4' = any(enumvals)) as lz4`,
    );
    const [row] = await ds.query<[{ bytes: number; years: string | null }]>(
      `select octet_length(experience_years) as bytes, pg_column_compression(experience_years) as years
         from ${projectionTables(1).totals} where pilot_account_id = $1`,
      [pilot],
    );
    // Large enough that Postgres compresses it at all (past its 2 KB threshold).
    expect(row.bytes).toBeGreaterThan(4_000);
    expect(row.years).toBe(lz4 ? 'lz4' : 'pglz');
    // The setting is the transaction's own: the session goes on with the server's default.
    expect(await serverDefault()).toBe(before);
  });
});
