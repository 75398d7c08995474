import { WriteOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { type CommitOutcomes } from './commit-outcome';
import { CommandPipeline, type StreamCommand, type TransactionalDatabase } from './command-pipeline';
import { type PipelineSessions } from './command-pipeline.options';
import { type AppendResult, type NewEvent } from './event-store';

const STREAM = 'logbook-00000000-0000-4000-8000-000000000001';
const PID = 4242;
const deleted: NewEvent = { type: 'FlightDeleted', payload: { pilot_account_id: 'p', flight_id: 'f' } };
const lost = () => Object.assign(new Error('Query read timeout'), {});
const refused = () =>
  Object.assign(new Error('could not serialize access'), { severity: 'ERROR', code: '40001' });

/** A database whose COMMIT fails with `commitError`, the work having run in full. */
function failingCommit(commitError: () => Error): TransactionalDatabase {
  return {
    query: () => Promise.resolve([]),
    async transaction(work) {
      await work({ query: () => Promise.resolve([]) });
      throw commitError();
    },
  };
}

/** Sessions with a known pid, and an outcome finder that answers `recorded` (or fails as it says). */
function sessions(recorded: boolean | Error) {
  const asked: { pid: number; eventIds: readonly string[] }[] = [];
  const ended: number[] = [];
  const outcomes = {
    recorded: (pid: number, eventIds: readonly string[]) => {
      asked.push({ pid, eventIds });
      return recorded instanceof Error ? Promise.reject(recorded) : Promise.resolve(recorded);
    },
    ended: (pid: number) => {
      ended.push(pid);
      return Promise.resolve();
    },
  } as unknown as CommitOutcomes;
  const port: PipelineSessions = {
    backendPid: () => PID,
    onOneConnection: (db, work) => work(db),
    outcomes: () => outcomes,
  };
  return { port, asked, ended };
}

const store = (append: () => Promise<AppendResult>) => ({
  lockAtVersion: () => Promise.resolve(1),
  append: jest.fn(append),
});

const command = (overrides: Partial<StreamCommand<number, { events: NewEvent[] }>> = {}) => ({
  streamId: STREAM,
  load: () => Promise.resolve(1),
  decide: () => ({ events: [deleted] }),
  ...overrides,
});

const appended = () => Promise.resolve({ streamVersion: 2, events: [] });

describe('CommandPipeline: a commit that went unanswered', () => {
  it('answers as the successful write when its events are found, looked for by the ids it appended them under', async () => {
    const { port, asked } = sessions(true);
    const events = store(appended);
    const woken = jest.fn();
    const decision = await new CommandPipeline(
      failingCommit(lost),
      { relayWake: { afterCommit: woken } },
      events,
      port,
    ).handle(command());
    expect(decision.events).toEqual([deleted]);
    const sent = (events.append.mock.calls[0] as unknown[])[3] as NewEvent[];
    expect(asked).toEqual([{ pid: PID, eventIds: [sent[0]!.event_id] }]);
    expect(sent[0]!.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(woken).toHaveBeenCalledTimes(1);
  });

  it('passes the failure on when its events are not found: nothing recorded, safe to send again', async () => {
    const { port } = sessions(false);
    const woken = jest.fn();
    await expect(
      new CommandPipeline(
        failingCommit(lost),
        { relayWake: { afterCommit: woken } },
        store(appended),
        port,
      ).handle(command()),
    ).rejects.toThrow('Query read timeout');
    expect(woken).not.toHaveBeenCalled();
  });

  it('fails with WriteOutcomeUnknown when the outcome cannot be found out in time', async () => {
    const { port } = sessions(new WriteOutcomeUnknown(lost()));
    await expect(
      new CommandPipeline(failingCommit(lost), {}, store(appended), port).handle(command()),
    ).rejects.toBeInstanceOf(WriteOutcomeUnknown);
  });

  it('looks for nothing when Postgres itself refused the commit (rolled back), or when no statement was sent', async () => {
    const { port, asked } = sessions(true);
    await expect(
      new CommandPipeline(failingCommit(refused), {}, store(appended), port).handle(command()),
    ).rejects.toThrow('could not serialize access');
    const before = failingCommit(lost);
    const neverSent: TransactionalDatabase = { ...before, transaction: () => Promise.reject(lost()) };
    await expect(new CommandPipeline(neverSent, {}, store(appended), port).handle(command())).rejects.toThrow(
      'Query read timeout',
    );
    expect(asked).toEqual([]);
  });

  it('ends the session of a lost commit without events, and says its outcome is unknown', async () => {
    const { port, asked, ended } = sessions(true);
    await expect(
      new CommandPipeline(failingCommit(lost), {}, store(appended), port).handle(
        command({ decide: () => ({ events: [] }) }),
      ),
    ).rejects.toBeInstanceOf(WriteOutcomeUnknown);
    expect(ended).toEqual([PID]);
    expect(asked).toEqual([]);
  });

  describe('the one-statement append of a guessed state', () => {
    const guard = { sql: 'insert into flights ... returning 1', params: [] };
    const noTransaction: TransactionalDatabase = {
      query: () => Promise.resolve([]),
      transaction: () => Promise.reject(new Error('no transaction expected')),
    };

    it('answers as appended when the statement went unanswered but its events are stored', async () => {
      const { port, asked } = sessions(true);
      const events = store(() => Promise.reject(lost()));
      const decision = await new CommandPipeline(noTransaction, {}, events, port).handle(
        command({ guess: { state: 0, guard: () => guard } }),
      );
      expect(decision.events).toEqual([deleted]);
      expect(asked).toHaveLength(1);
      expect(events.append).toHaveBeenCalledTimes(1);
    });

    it('passes the failure on when they are not stored', async () => {
      const { port } = sessions(false);
      await expect(
        new CommandPipeline(
          noTransaction,
          {},
          store(() => Promise.reject(lost())),
          port,
        ).handle(command({ guess: { state: 0, guard: () => guard } })),
      ).rejects.toThrow('Query read timeout');
    });
  });
});
