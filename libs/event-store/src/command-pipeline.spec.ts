import { StreamVersionConflict } from './append-errors';
import { CommandPipeline, type StreamCommand, type TransactionalDatabase } from './command-pipeline';
import { type PipelineStore } from './command-pipeline.options';
import { type AppendResult, type NewEvent } from './event-store';

const STREAM = 'logbook-00000000-0000-4000-8000-000000000001';
const deleted: NewEvent = { type: 'FlightDeleted', payload: { pilot_account_id: 'p', flight_id: 'f' } };
/** An event as the pipeline appends it: with the id it chose, so that it can be looked for after a lost commit. */
const withId = (event: NewEvent) => ({ ...event, event_id: expect.any(String) as string });

/** Postgres's answer to the statement it ended to break a deadlock. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { severity: 'ERROR', code: '40P01' });

/** A database without I/O: what each transaction did, and whether it committed. */
function fakeDatabase() {
  const transactions: { writes: string[]; committed: boolean }[] = [];
  const db: TransactionalDatabase = {
    query: () => Promise.resolve([]),
    async transaction(work) {
      const tx = { writes: [] as string[], committed: false };
      transactions.push(tx);
      const result = await work({
        query: (text: string) => {
          tx.writes.push(text);
          return Promise.resolve([]);
        },
      });
      tx.committed = true;
      return result;
    },
  };
  return { db, transactions };
}

/** An event store whose stream is at `version`, and that records each append. */
function fakeStore(version: number) {
  const appends: { expected: number | 'any'; events: readonly NewEvent[] }[] = [];
  const store: PipelineStore = {
    lockAtVersion: () => Promise.resolve(version),
    append: (_runner, _stream, expected, events): Promise<AppendResult> => {
      appends.push({ expected, events });
      return Promise.resolve({ streamVersion: version + events.length, events: [] });
    },
  };
  return { store, appends };
}

const command = (overrides: Partial<StreamCommand<number, { events: NewEvent[] }>> = {}) => ({
  streamId: STREAM,
  load: () => Promise.resolve(7),
  decide: () => ({ events: [deleted] }),
  ...overrides,
});

describe('CommandPipeline', () => {
  it('loads, decides, appends at the version it read and runs the projection in the same transaction', async () => {
    const { db, transactions } = fakeDatabase();
    const { store, appends } = fakeStore(4);
    const woken = jest.fn();
    const seen: number[] = [];
    const decision = await new CommandPipeline(db, { relayWake: { afterCommit: woken } }, store).handle(
      command({
        decide: (state) => {
          seen.push(state);
          return { events: [deleted] };
        },
        project: (tx) => tx.query('insert into flights ...').then(() => undefined),
      }),
    );
    expect(seen).toEqual([7]);
    expect(decision.events).toEqual([deleted]);
    expect(appends).toEqual([{ expected: 4, events: [withId(deleted)] }]);
    expect(transactions).toEqual([{ writes: ['insert into flights ...'], committed: true }]);
    expect(woken).toHaveBeenCalledTimes(1);
  });

  it('writes nothing when decide refuses, and passes the refusal on', async () => {
    const { db, transactions } = fakeDatabase();
    const { store, appends } = fakeStore(4);
    const project = jest.fn();
    const woken = jest.fn();
    const refusal = new Error('FLIGHT_NOT_FOUND');
    await expect(
      new CommandPipeline(db, { relayWake: { afterCommit: woken } }, store).handle(
        command({
          decide: () => {
            throw refusal;
          },
          project,
        }),
      ),
    ).rejects.toBe(refusal);
    expect(appends).toEqual([]);
    expect(project).not.toHaveBeenCalled();
    expect(transactions.map((t) => t.committed)).toEqual([false]);
    expect(woken).not.toHaveBeenCalled();
  });

  it('decides again on the new state after losing the stream version, in a new transaction', async () => {
    const { db, transactions } = fakeDatabase();
    const conflictOnce: PipelineStore = {
      lockAtVersion: jest.fn().mockResolvedValueOnce(4).mockResolvedValueOnce(5),
      append: jest
        .fn()
        .mockRejectedValueOnce(new StreamVersionConflict(STREAM, 4, 5))
        .mockResolvedValueOnce({ streamVersion: 6, events: [] }),
    };
    const states = [1, 2];
    const decided: number[] = [];
    await new CommandPipeline(db, {}, conflictOnce).handle(
      command({
        load: () => Promise.resolve(states.shift()!),
        decide: (state) => {
          decided.push(state);
          return { events: [deleted] };
        },
      }),
    );
    expect(decided).toEqual([1, 2]);
    expect(conflictOnce.append).toHaveBeenLastCalledWith(
      expect.anything(),
      STREAM,
      5,
      [withId(deleted)],
      undefined,
      expect.objectContaining({ streamLocked: true }),
    );
    expect(transactions).toHaveLength(2);
  });

  it('decides again in a new transaction when Postgres ended the first to break a deadlock', async () => {
    const { db, transactions } = fakeDatabase();
    const deadlockOnce: PipelineStore = {
      lockAtVersion: () => Promise.resolve(4),
      append: jest
        .fn()
        .mockRejectedValueOnce(deadlock())
        .mockResolvedValueOnce({ streamVersion: 5, events: [] }),
    };
    const decide = jest.fn(() => ({ events: [deleted] }));
    await new CommandPipeline(db, {}, deadlockOnce).handle(command({ decide }));
    expect(decide).toHaveBeenCalledTimes(2);
    expect(transactions.map((t) => t.committed)).toEqual([false, true]);
  });

  it('gives up after the bounded number of attempts with the conflict', async () => {
    const { db } = fakeDatabase();
    const alwaysBehind: PipelineStore = {
      lockAtVersion: () => Promise.resolve(1),
      append: () => Promise.reject(new StreamVersionConflict(STREAM, 1, 2)),
    };
    const decide = jest.fn(() => ({ events: [deleted] }));
    await expect(
      new CommandPipeline(db, { attempts: 3 }, alwaysBehind).handle(command({ decide })),
    ).rejects.toBeInstanceOf(StreamVersionConflict);
    expect(decide).toHaveBeenCalledTimes(3);
  });

  it('does not retry other errors', async () => {
    const { db } = fakeDatabase();
    const broken: PipelineStore = {
      lockAtVersion: () => Promise.resolve(0),
      append: () => Promise.reject(new Error('connection lost')),
    };
    const decide = jest.fn(() => ({ events: [deleted] }));
    await expect(new CommandPipeline(db, {}, broken).handle(command({ decide }))).rejects.toThrow(
      'connection lost',
    );
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it('appends nothing for a decision without events, and still runs the projection', async () => {
    const { db } = fakeDatabase();
    const { store, appends } = fakeStore(3);
    const project = jest.fn(() => Promise.resolve());
    const woken = jest.fn();
    await new CommandPipeline(db, { relayWake: { afterCommit: woken } }, store).handle(
      command({ decide: () => ({ events: [] }), project }),
    );
    expect(appends).toEqual([]);
    expect(project).toHaveBeenCalledTimes(1);
    expect(woken).not.toHaveBeenCalled();
  });

  it('NOTIFYs the relay from inside the transaction only when no relay wake is given', async () => {
    const notified: (boolean | undefined)[] = [];
    const store: PipelineStore = {
      lockAtVersion: () => Promise.resolve(0),
      append: (_runner, _stream, _expected, events, _metadata, options): Promise<AppendResult> => {
        notified.push(options?.notify);
        return Promise.resolve({ streamVersion: events.length, events: [] });
      },
    };
    const { db } = fakeDatabase();
    await new CommandPipeline(db, {}, store).handle(command());
    await new CommandPipeline(db, { relayWake: { afterCommit: jest.fn() } }, store).handle(command());
    expect(notified).toEqual([true, false]);
  });

  describe('with a guessed state', () => {
    const guard = { sql: 'insert into flights ... on conflict do nothing returning 1', params: ['p'] };

    it('appends the decision on the guess in one statement behind its guard, without a transaction', async () => {
      const { db, transactions } = fakeDatabase();
      const append = jest.fn().mockResolvedValue({ streamVersion: 1, events: [{}] });
      const load = jest.fn();
      await new CommandPipeline(db, {}, { lockAtVersion: jest.fn(), append }).handle(
        command({ load, guess: { state: 0, guard: () => guard } }),
      );
      expect(append).toHaveBeenCalledWith(
        db,
        STREAM,
        'any',
        [withId(deleted)],
        undefined,
        expect.objectContaining({ onlyIf: { cte: guard.sql, params: guard.params } }),
      );
      expect(transactions).toHaveLength(0);
      expect(load).not.toHaveBeenCalled();
    });

    it('goes the locked way when the guard held the events back, another writer took the version or Postgres broke a deadlock', async () => {
      for (const outcome of [
        Promise.resolve({ streamVersion: 3, events: [] }),
        Promise.reject(new StreamVersionConflict(STREAM, -1, -1)),
        Promise.reject(deadlock()),
      ]) {
        outcome.catch(() => undefined);
        const { db, transactions } = fakeDatabase();
        const append = jest
          .fn()
          .mockReturnValueOnce(outcome)
          .mockResolvedValueOnce({ streamVersion: 4, events: [{}] });
        await new CommandPipeline(db, {}, { lockAtVersion: () => Promise.resolve(3), append }).handle(
          command({ guess: { state: 0, guard: () => guard } }),
        );
        expect(append).toHaveBeenCalledTimes(2);
        expect(append).toHaveBeenLastCalledWith(
          expect.anything(),
          STREAM,
          3,
          [withId(deleted)],
          undefined,
          expect.not.objectContaining({ onlyIf: expect.anything() }),
        );
        expect(transactions).toHaveLength(1);
      }
    });

    it('decides on the loaded state when the guess is refused', async () => {
      const { db } = fakeDatabase();
      const { store, appends } = fakeStore(2);
      await new CommandPipeline(db, {}, store).handle(
        command({
          decide: (state) => {
            if (state === 0) throw new Error('refused on the guess');
            return { events: [deleted] };
          },
          guess: { state: 0, guard: () => guard },
        }),
      );
      expect(appends).toEqual([{ expected: 2, events: [withId(deleted)] }]);
    });
  });
});
