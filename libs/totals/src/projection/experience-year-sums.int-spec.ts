import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type LogbookEvent } from '@pft/contracts';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { RelayedEvents, storedFlight, withTestDataSource } from '@pft/testing';
import { flightRecorded } from '@pft/testing/oracle';
import { readPilotExperience } from '../read/pilot-experience.read';
import { encodeYearEntries, mapYearEntries, type ExperienceYearEntry } from './experience-year-bytes';
import { applyPilotTotalsBatch } from './pilot-totals.batch';

/** Flights of a whole day each in one group and year: one more and a year's minutes pass 2^31 - 1. */
const FLIGHTS = 1_491_308;
const DAY = 1440;

/**
 * A pilot's year sums past 2,147,483,647 minutes: ingestion takes any number of flights (50,000 per
 * import, 1,440 minutes each), so 1,491,309 of a day each in one year and group are one pilot's own
 * requests. As 32-bit integers the sum could not be written, and the batch failed at every retry,
 * holding up every pilot of its partition.
 */
describe('experience year sums past 32 bits (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  it("folds a year's minutes past 2^31 - 1 exactly, and the partition goes on", async () => {
    const [pilot, other] = [randomUUID(), randomUUID()];
    const target = { version: 1, topic: 't', partition: 0 };
    const relayed = new RelayedEvents();
    let offset = 0;
    const wholeDay = (date = '2024-05-01') =>
      storedFlight({
        date,
        minutes: { total_flight_time: DAY, pic: DAY, single_engine: DAY },
        landings: { day: 99, night: 0 },
      });
    const recorded = (pilotId: string, flight = wholeDay()): LogbookEvent => flightRecorded(pilotId, flight);
    const batch = async (events: [string, LogbookEvent][]) => {
      const messages: ConsumedMessage[] = [];
      for (const [p, event] of events) messages.push(await relayed.message(p, event, offset++));
      return ds.transaction((tx) => applyPilotTotalsBatch(tx, target, messages));
    };
    const lifetimeOf = async (pilotId: string) =>
      (await readPilotExperience(ds, pilotId, '2026-01-01'))!.experience.lifetime;

    await batch([
      [pilot, recorded(pilot)],
      [pilot, recorded(pilot, wholeDay('2023-02-03'))],
    ]);
    // The pilot's year entry as FLIGHTS such flights make it (folding them one by one takes hours).
    const [row] = await ds.query<{ experience_years: Buffer }[]>(
      `select experience_years from pilot_totals_v1 where pilot_account_id = $1`,
      [pilot],
    );
    const entries = mapYearEntries(row!.experience_years, (entry) => entry);
    expect(entries.map((e) => e[1])).toEqual([2024, 2023]);
    const many = entries[0]!.map((n, i) => (i < 3 ? n : (n as number) * FLIGHTS)) as ExperienceYearEntry;
    await ds.query(`update pilot_totals_v1 set experience_years = $2 where pilot_account_id = $1`, [
      pilot,
      encodeYearEntries([many, entries[1]!]),
    ]);

    const one = wholeDay();
    const outcome = await batch([
      [pilot, recorded(pilot, one)],
      [other, recorded(other)],
    ]);
    expect(outcome).toMatchObject({ applied: 2, deadLetters: [] });
    const nextOffset = async () =>
      (
        await ds.query<{ next_offset: string }[]>(
          `select next_offset from projection_offsets where kafka_partition = 0`,
        )
      )[0]!.next_offset;
    expect(await nextOffset()).toBe('4');

    const flights = FLIGHTS + 1;
    expect(flights * DAY).toBeGreaterThan(2 ** 31 - 1);
    // Both years: 2024's past 32 bits, 2023's one flight.
    const lifetime = await lifetimeOf(pilot);
    expect(lifetime.totals).toMatchObject({
      total_flight_time_minutes: (flights + 1) * DAY,
      pic_minutes: (flights + 1) * DAY,
      single_engine_minutes: (flights + 1) * DAY,
    });
    expect(lifetime.landings.total_day).toBe((flights + 1) * 99);
    expect(lifetime.takeoffs.day).toBe((flights + 1) * 99);
    const years = async () =>
      ds.query<{ year: number; total_flight_time: string; records: string }[]>(
        `select year, total_flight_time, records from pilot_experience_years_v1 where pilot_account_id = $1 order by year`,
        [pilot],
      );
    expect(await years()).toEqual([
      { year: 2023, total_flight_time: String(DAY), records: '1' },
      { year: 2024, total_flight_time: String(flights * DAY), records: String(flights) },
    ]);
    expect((await lifetimeOf(other)).totals.total_flight_time_minutes).toBe(DAY);

    // Taken back under 2^31: the sums are exact again, and the other pilots' untouched.
    await batch([
      [
        pilot,
        { type: 'FlightDeleted', version: 1, payload: { pilot_account_id: pilot, flight_id: one.flight_id } },
      ],
    ]);
    expect(await nextOffset()).toBe('5');
    expect((await lifetimeOf(pilot)).totals.total_flight_time_minutes).toBe((FLIGHTS + 1) * DAY);
    expect((await years())[1]).toEqual({
      year: 2024,
      total_flight_time: String(FLIGHTS * DAY),
      records: String(FLIGHTS),
    });
    expect((await lifetimeOf(other)).totals.total_flight_time_minutes).toBe(DAY);
  });
});
