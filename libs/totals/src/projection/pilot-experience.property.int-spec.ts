import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type DataSource } from 'typeorm';
import {
  encodeEventMessage,
  zeroFlightMinutes,
  type Flight,
  type LogbookEvent,
  type StartingTotals,
} from '@pft/contracts';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { withTestDataSource } from '@pft/testing';
import {
  experienceDateArb,
  experienceRecordArb,
  flightRecorded,
  logbookEventMessage,
  oracleExperience,
  startingTotalsArb,
  withRedeliveriesArb,
  type DeliveredLogbookEvent,
  type ExperienceRecord,
} from '@pft/testing/oracle';
import { addDays } from '../domain/experience/calendar';
import { readPilotExperience, readPilotExperiences } from '../read/pilot-experience.read';
import { applyPilotTotalsBatch } from './pilot-totals.batch';

const zeroMinutes = zeroFlightMinutes();

/** A record near the pilot's usual dates, or anywhere in five years: amendments move flights across years. */
const recordArb = (anchor: string): fc.Arbitrary<ExperienceRecord> =>
  fc.oneof(
    { weight: 3, arbitrary: experienceRecordArb(anchor) },
    { weight: 1, arbitrary: experienceDateArb.chain(experienceRecordArb) },
  );

type Intent =
  | { op: 'record'; record: ExperienceRecord }
  | { op: 'amend'; record: ExperienceRecord; pick: number }
  /** The same flight on another date, or another flight of the same group: a group's year keeps others. */
  | { op: 'move' | 'copy'; pick: number; date: string }
  | { op: 'delete'; pick: number }
  | { op: 'starting'; starting: StartingTotals };

const intentsArb = experienceDateArb.chain((anchor) =>
  fc.array(
    fc.oneof(
      { weight: 5, arbitrary: recordArb(anchor).map((record): Intent => ({ op: 'record', record })) },
      {
        weight: 3,
        arbitrary: fc
          .record({ record: recordArb(anchor), pick: fc.nat() })
          .map((a): Intent => ({ op: 'amend', ...a })),
      },
      {
        weight: 3,
        arbitrary: fc
          .record({
            op: fc.constantFrom('move' as const, 'copy' as const),
            pick: fc.nat(),
            date: fc.oneof(
              experienceDateArb,
              recordArb(anchor).map((r) => r.date),
            ),
          })
          .map((a): Intent => a),
      },
      { weight: 2, arbitrary: fc.nat().map((pick): Intent => ({ op: 'delete', pick })) },
      { weight: 1, arbitrary: startingTotalsArb.map((starting): Intent => ({ op: 'starting', starting })) },
    ),
    { maxLength: 30 },
  ),
);

/** A pilot's logbook after each event: what the oracle reads. */
interface Logbook {
  records: Map<string, ExperienceRecord>;
  starting: StartingTotals | null;
}

/** The events the write side would append for the intents, and the logbook after each of them. */
function historyOf(pilotId: string, intents: readonly Intent[]) {
  const events: DeliveredLogbookEvent[] = [];
  const after: Logbook[] = [];
  const logbook: Logbook = { records: new Map(), starting: null };
  const flight = (id: string, record: ExperienceRecord) => ({ ...record, flight_id: id }) as Flight;
  for (const intent of intents) {
    const ids = [...logbook.records.keys()];
    const target = ids.length > 0 && 'pick' in intent ? ids[intent.pick % ids.length]! : undefined;
    let event: LogbookEvent;
    if (intent.op === 'starting') {
      logbook.starting = intent.starting;
      event = {
        type: 'StartingTotalsSet',
        version: 1,
        payload: { pilot_account_id: pilotId, starting_totals: intent.starting },
      };
    } else if (intent.op === 'record') {
      const id = randomUUID();
      logbook.records.set(id, intent.record);
      event = flightRecorded(pilotId, flight(id, intent.record));
    } else if (target === undefined) {
      continue;
    } else if (intent.op === 'amend' || intent.op === 'move') {
      const record =
        intent.op === 'amend' ? intent.record : { ...logbook.records.get(target)!, date: intent.date };
      logbook.records.set(target, record);
      event = {
        type: 'FlightAmended',
        version: 2,
        payload: { pilot_account_id: pilotId, flight: flight(target, record) },
      };
    } else if (intent.op === 'copy') {
      const id = randomUUID();
      const record = { ...logbook.records.get(target)!, date: intent.date };
      logbook.records.set(id, record);
      event = flightRecorded(pilotId, flight(id, record));
    } else {
      logbook.records.delete(target);
      event = {
        type: 'FlightDeleted',
        version: 1,
        payload: { pilot_account_id: pilotId, flight_id: target },
      };
    }
    events.push({ stream_version: events.length + 1, event });
    after.push({ records: new Map(logbook.records), starting: logbook.starting });
  }
  return { events, after };
}

const runArb = fc.record({
  pilots: fc.array(intentsArb, { minLength: 1, maxLength: 3 }),
  /** Which pilot's next event is published next: the streams interleave on the partition. */
  turns: fc.array(fc.nat(), { maxLength: 100 }),
  /** Where the reader's batches end, and which batches it fetches again from earlier offsets. */
  cuts: fc.array(fc.nat(), { maxLength: 6 }),
  rereads: fc.array(fc.nat(), { maxLength: 3 }),
  middle: fc.nat(),
  asOf: fc.array(experienceDateArb, { minLength: 1, maxLength: 2 }),
});

/**
 * The experience projection against the oracle written from the spec alone: random richer histories
 * of a few pilots on one partition, with amendments that move flights across dates, groups, engines
 * and years, deletions and starting totals; the events redelivered, duplicated and fetched again,
 * read in batches cut anywhere. Read as of dates before the first record, after the last and
 * anywhere, halfway and at the end, the answer equals the oracle's over the current records.
 */
describe('pilot experience projection, against the oracle (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));
  let partition = 0;

  it('answers as the oracle does, whatever the delivery and whatever as_of', async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        const target = { version: 1, topic: 't', partition: partition++ };
        const pilots = run.pilots.map((intents) => {
          const id = randomUUID();
          return { id, ...historyOf(id, intents) };
        });
        // Interleave the streams, each in its own order.
        const next = pilots.map(() => 0);
        const order: { pilot: number; event: DeliveredLogbookEvent }[] = [];
        let turn = 0;
        while (pilots.some((p, i) => next[i]! < p.events.length)) {
          const open = pilots.flatMap((p, i) => (next[i]! < p.events.length ? [i] : []));
          const pilot = open[(run.turns[turn++] ?? 0) % open.length]!;
          order.push({ pilot, event: pilots[pilot]!.events[next[pilot]!++]! });
        }
        const delivered = fc.sample(withRedeliveriesArb(order), { numRuns: 1, seed: run.middle })[0]!;
        const topic: ConsumedMessage[] = delivered.map(({ pilot, event }, offset) => ({
          offset: String(offset),
          key: Buffer.from(pilots[pilot]!.id),
          value: encodeEventMessage(logbookEventMessage(pilots[pilot]!.id, event, new Date(), offset)),
        }));
        const ends = [...new Set(run.cuts.map((c) => c % (topic.length + 1))), topic.length].sort(
          (a, b) => a - b,
        );
        const middle = ends[run.middle % ends.length]!;
        let read = 0;
        for (const end of ends) {
          if (end <= read) continue;
          const from = run.rereads.includes(end % 7) ? Math.max(0, read - 3) : read;
          const outcome = await ds.transaction((tx) =>
            applyPilotTotalsBatch(tx, target, topic.slice(from, end)),
          );
          expect(outcome.deadLetters).toEqual([]);
          read = end;
          if (end === middle || end === topic.length) await expectOracle(end);
        }
        if (topic.length === 0) await expectOracle(0);

        /** Every pilot's answers equal the oracle's over its logbook as of the events read so far. */
        async function expectOracle(upTo: number): Promise<void> {
          for (const [index, pilot] of pilots.entries()) {
            const seen = delivered.slice(0, upTo).filter((d) => d.pilot === index);
            const version = Math.max(0, ...seen.map((d) => d.event.stream_version));
            if (version === 0) {
              expect(await readPilotExperience(ds, pilot.id, '2026-01-01')).toBeUndefined();
              continue;
            }
            const logbook = pilot.after[version - 1]!;
            const records = [...logbook.records.values()];
            const dates = records.map((r) => r.date).sort();
            const asOfs = [...run.asOf];
            if (dates.length > 0)
              asOfs.push(
                addDays(dates[0]!, -1),
                dates[dates.length - 1]!,
                addDays(dates[dates.length - 1]!, 1),
              );
            // The first day of a year after records: the years before it are read from their sums.
            for (const year of new Set(dates.map((d) => Number(d.slice(0, 4)) + 1)))
              asOfs.push(`${year}-01-01`);
            for (const asOf of asOfs) {
              const read = await readPilotExperiences(ds, [pilot.id], asOf);
              expect(read.get(pilot.id)?.experience).toEqual(
                oracleExperience({ records, starting: logbook.starting }, asOf),
              );
            }
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('takes an old flight out of its year: the year’s latest date falls back, and an emptied year goes', async () => {
    const target = { version: 1, topic: 't', partition: partition++ };
    const pilotId = randomUUID();
    const c172 = (date: string): ExperienceRecord => ({
      date,
      kind: 'flight',
      aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172' },
      minutes: { ...zeroMinutes, total_flight_time: 60, pic: 60, single_engine: 60 },
      landings: { day: 1, night: 0 },
    });
    const { events, after } = historyOf(pilotId, [
      { op: 'record', record: c172('2021-03-01') },
      { op: 'copy', pick: 0, date: '2021-09-01' },
      { op: 'copy', pick: 0, date: '2020-05-01' },
      { op: 'move', pick: 1, date: '2022-02-01' },
      { op: 'delete', pick: 2 },
    ]);
    const topic = events.map((event, offset) => ({
      offset: String(offset),
      key: Buffer.from(pilotId),
      value: encodeEventMessage(logbookEventMessage(pilotId, event, new Date(), offset)),
    }));
    await ds.transaction((tx) => applyPilotTotalsBatch(tx, target, topic.slice(0, 3)));
    await ds.transaction((tx) => applyPilotTotalsBatch(tx, target, topic.slice(3)));
    const { records, starting } = after[after.length - 1]!;
    const read = await readPilotExperience(ds, pilotId, '2022-01-01');
    expect(read?.experience.by_aircraft_type).toMatchObject([
      { type_designator: 'C172', flight_count: 1, last_flight_date: '2021-03-01T00:00:00.000Z' },
    ]);
    for (const asOf of ['2021-12-31', '2022-01-01', '2023-06-01']) {
      expect((await readPilotExperience(ds, pilotId, asOf))?.experience).toEqual(
        oracleExperience({ records: [...records.values()], starting }, asOf),
      );
    }
    const years = await ds.query(
      `select year, records, to_char(last_date, 'YYYY-MM-DD') as last_date from pilot_experience_years_v1
        where pilot_account_id = $1 order by year`,
      [pilotId],
    );
    expect(years).toEqual([
      { year: 2021, records: '1', last_date: '2021-03-01' },
      { year: 2022, records: '1', last_date: '2022-02-01' },
    ]);
  });
});
