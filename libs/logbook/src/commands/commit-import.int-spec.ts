import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type Flight, logbookStreamId } from '@pft/contracts';
import { storedFlight, withCommandPipeline } from '@pft/testing';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { lockStream } from '@pft/event-store/stream-lock';
import { type ImportChoices } from '../domain/import';
import { FlightsRepository } from '../tables/flights.repository';
import { type PendingImport, PendingImportsRepository } from '../tables/pending-imports.repository';
import { decideCommitImport } from '../domain/import-commit.decide';
import { commitImport } from './commit-import';

const none = { recorded: 0, amended: 0, unchanged: 0, skipped_invalid: 0, skipped_deleted: 0 };

describe('pending imports and their commit (Postgres)', () => {
  let ds: DataSource;
  let pipeline: CommandPipeline;
  const flights = new FlightsRepository();
  const imports = new PendingImportsRepository();

  withCommandPipeline(4, (...made) => ([ds, pipeline] = made));

  const upload = async (pilot: string): Promise<string> => {
    const importId = randomUUID();
    const stored = await imports.insert(ds, { importId, pilot, format: 'auto', bytes: Buffer.from('a,b\n') });
    expect(stored).toBe(true);
    return importId;
  };

  it('commits the choices saved while the commit waited for the import, not those it started with', async () => {
    const pilot = randomUUID();
    const importId = await upload(pilot);
    const chosen: ImportChoices = { date_order: 'dmy', time_unit: 'minutes' };
    const flight = storedFlight();
    const seen: PendingImport[] = [];

    // Choices being saved: the import's row is locked by their transaction until it commits.
    const runner = ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const before = await imports.find(runner, pilot, importId, true);
    expect(await imports.saveChoices(runner, importId, chosen, before!.choices)).toBe('saved');
    const committing = commitImport(
      pipeline,
      { flights, imports },
      {
        pilot,
        importId,
        readFlights: (pending) => {
          seen.push(pending);
          return { flights: [flight] as Flight[], invalidRows: 0 };
        },
        requestId: 'req-commit',
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(0);
    await runner.commitTransaction();
    await runner.release();

    expect(await committing).toMatchObject({ recorded: 1, amended: 0, unchanged: 0 });
    expect(seen.map((p) => p.choices)).toEqual([chosen]);
    expect((await imports.find(ds, pilot, importId))?.state).toBe('committed');
  });

  it('a commit of more flights than are read or sealed at once decides each as one by one would', async () => {
    const pilot = randomUUID();
    const many = 5_100;
    const flightsOf = Array.from({ length: many }, (_, i) => storedFlight({ remarks: `flight ${i}` }));
    const commit = async (flightsRead: Flight[], invalidRows: number) =>
      commitImport(
        pipeline,
        { flights, imports },
        {
          pilot,
          importId: await upload(pilot),
          readFlights: () => ({ flights: flightsRead, invalidRows }),
          requestId: `req-${randomUUID()}`,
        },
      );
    expect(await commit(flightsOf, 0)).toEqual({ ...none, recorded: many });

    await ds.query(`update flights set deleted_at = now() where flight_id = $1`, [flightsOf[1]!.flight_id]);
    const stored = await flights.states(
      ds,
      pilot,
      flightsOf.map((f) => f.flight_id),
    );
    const added = [storedFlight(), storedFlight(), storedFlight()];
    // The first changed, the second deleted here, the third twice in the file, three new ones.
    const again = [{ ...flightsOf[0]!, remarks: 'changed' }, ...flightsOf.slice(1), flightsOf[2]!, ...added];
    const expected = { recorded: 3, amended: 1, unchanged: many - 2, skipped_invalid: 5, skipped_deleted: 1 };
    expect(decideCommitImport(stored, pilot, again, 4).counts).toEqual(expected);
    expect(await commit(again, 4)).toEqual(expected);

    const events: { type: string; commands: number }[] = await ds.query(
      `select type, count(distinct metadata->>'command_last_version')::int as commands
         from events where stream_id = $1 group by type order by type`,
      [logbookStreamId(pilot)],
    );
    expect(events).toEqual([
      { type: 'FlightAmended', commands: 1 },
      { type: 'FlightRecorded', commands: 2 },
    ]);
    const now = await flights.states(ds, pilot, [flightsOf[0]!.flight_id, ...added.map((f) => f.flight_id)]);
    expect(now.get(flightsOf[0]!.flight_id)?.flight.remarks).toBe('changed');
    expect([...now.keys()].sort()).toEqual([flightsOf[0]!, ...added].map((f) => f.flight_id).sort());
  }, 60_000);

  it('stores nothing and answers false for a pilot whose erasure is under way, and stores again once it is done', async () => {
    const pilot = randomUUID();
    await ds.query(`insert into account_erasures (pilot_account_id) values ($1)`, [pilot]);
    const refused = randomUUID();
    expect(
      await imports.insert(ds, { importId: refused, pilot, format: 'auto', bytes: Buffer.from('x') }),
    ).toBe(false);
    expect(await ds.query(`select 1 from pending_imports where pilot_account_id = $1`, [pilot])).toEqual([]);

    await ds.query(`update account_erasures set completed_at = now() where pilot_account_id = $1`, [pilot]);
    const importId = await upload(pilot);
    expect((await imports.find(ds, pilot, importId))?.import_id).toBe(importId);
  });

  it('an upload under the logbook stream lock waits for an erasure holding it, then sees it asked for', async () => {
    const pilot = randomUUID();
    // An erasure step holding the pilot's logbook stream lock.
    const step = ds.createQueryRunner();
    await step.connect();
    await step.startTransaction();
    await lockStream(step, logbookStreamId(pilot));

    const uploading = ds.transaction(async (tx) => {
      await lockStream(tx, logbookStreamId(pilot));
      return imports.insert(tx, { importId: randomUUID(), pilot, format: 'auto', bytes: Buffer.from('x') });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The erasure is asked for while the upload waits on the lock; the step then ends.
    await ds.query(`insert into account_erasures (pilot_account_id) values ($1)`, [pilot]);
    await step.query(`delete from pending_imports where pilot_account_id = $1`, [pilot]);
    await step.commitTransaction();
    await step.release();

    expect(await uploading).toBe(false);
    expect(await ds.query(`select 1 from pending_imports where pilot_account_id = $1`, [pilot])).toEqual([]);
  });
});
