import { WriteOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { type CommitOutcomes } from './commit-outcome';
import {
  type AppendGuard,
  CommandPipeline,
  type StreamCommand,
  type TransactionalDatabase,
} from './command-pipeline';
import { type PipelineSessions, type PipelineStore } from './command-pipeline.options';
import { type AppendResult, type NewEvent } from './event-store';
import { type GroupedAppend, type GroupedAppendResult } from './group-append';

const PID = 4242;
const stream = (n: number) => `logbook-00000000-0000-4000-8000-00000000000${n}`;
const deleted = (n: number): NewEvent => ({
  type: 'FlightDeleted',
  payload: { pilot_account_id: `p${n}`, flight_id: 'f' },
});
const lost = () => new Error('Query read timeout');
const refused = () => Object.assign(new Error('duplicate key'), { severity: 'ERROR', code: '23505' });

const guard = (n: number): AppendGuard => ({
  sql: 'insert into flights ... on conflict do nothing returning 1',
  params: [n],
  grouped: { cte: 'insert into flights ... from guard_rows', passed: 'select ord ...', row: { n } },
});

/** A database whose transactions run and commit, counted. */
function database() {
  const transactions: number[] = [];
  const db: TransactionalDatabase = {
    query: () => Promise.resolve([]),
    async transaction(work) {
      transactions.push(1);
      return work({ query: () => Promise.resolve([]) });
    },
  };
  return { db, transactions };
}

/** Sessions with a known pid; `stored` answers which event ids a lost commit left stored. */
function sessions(stored: (ids: readonly string[]) => Promise<string[]> = () => Promise.resolve([])) {
  const asked: { pid: number; ids: readonly string[] }[] = [];
  const outcomes = {
    storedOf: (pid: number, ids: readonly string[]) => {
      asked.push({ pid, ids });
      return stored(ids);
    },
    recorded: () => Promise.resolve(false),
  } as unknown as CommitOutcomes;
  const port: PipelineSessions = {
    backendPid: () => PID,
    onOneConnection: (db, work) => work(db),
    outcomes: () => outcomes,
  };
  return { port, asked };
}

type GroupAnswer = (appends: readonly GroupedAppend[]) => Promise<GroupedAppendResult[]>;

/** Every append of the group appended. */
const allAppended: GroupAnswer = (appends) =>
  Promise.resolve(appends.map((a) => ({ events: a.events.map(() => ({}) as never) })));

/** A store whose group statement answers `group`, and whose lone appends answer `alone` (appended by default). */
function store(group: GroupAnswer, alone?: (streamId: string) => Promise<AppendResult>) {
  const groups: GroupedAppend[][] = [];
  const lone: { streamId: string; expected: number | 'any'; guarded: boolean }[] = [];
  const s: PipelineStore = {
    lockAtVersion: () => Promise.resolve(1),
    append: (_runner, streamId, expected, events, _metadata, options) => {
      lone.push({ streamId, expected, guarded: options?.onlyIf !== undefined });
      return alone
        ? alone(streamId)
        : Promise.resolve({ streamVersion: 2, events: events.map(() => ({}) as never) });
    },
    appendGroup: (_runner, appends) => {
      groups.push([...appends]);
      return group(appends);
    },
  };
  return { s, groups, lone };
}

const command = (n: number, overrides: Partial<StreamCommand<number, { events: NewEvent[] }>> = {}) => ({
  streamId: stream(n),
  metadata: { request_id: `req-${n}` },
  load: () => Promise.resolve(1),
  decide: () => ({ events: [deleted(n)] }),
  guess: { state: 0, guard: () => guard(n) },
  ...overrides,
});

const pipeline = (s: PipelineStore, port: PipelineSessions, woken = jest.fn()) =>
  new CommandPipeline(
    database().db,
    { relayWake: { afterCommit: woken }, grouping: { maxSize: 64 } },
    s,
    port,
  );

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'appended',
    (err: Error) => err,
  );

describe('CommandPipeline: guessed appends grouped', () => {
  it('sends the guessed appends of one turn as one statement, each with its own events, metadata and guard row', async () => {
    const { s, groups, lone } = store(allAppended);
    const woken = jest.fn();
    const p = pipeline(s, sessions().port, woken);
    const decisions = await Promise.all([1, 2, 3].map((n) => p.handle(command(n))));
    expect(decisions.map((d) => d.events)).toEqual([[deleted(1)], [deleted(2)], [deleted(3)]]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.map((a) => [a.streamId, a.metadata, a.guard.row, a.events[0]!.type])).toEqual([
      [stream(1), { request_id: 'req-1' }, { n: 1 }, 'FlightDeleted'],
      [stream(2), { request_id: 'req-2' }, { n: 2 }, 'FlightDeleted'],
      [stream(3), { request_id: 'req-3' }, { n: 3 }, 'FlightDeleted'],
    ]);
    expect(groups[0]!.every((a) => /^[0-9a-f-]{36}$/.test(a.events[0]!.event_id!))).toBe(true);
    expect(lone).toEqual([]);
    expect(woken).toHaveBeenCalledTimes(1);
    // The next turn's appends make the next group.
    await p.handle(command(4));
    expect(groups.map((g) => g.length)).toEqual([3, 1]);
  });

  it('never puts two appends to one stream in one statement: the later goes in the next group', async () => {
    const { s, groups } = store(allAppended);
    const p = pipeline(s, sessions().port);
    await Promise.all([1, 1, 2].map((n) => p.handle(command(n))));
    expect(groups.map((g) => g.map((a) => a.streamId))).toEqual([[stream(1), stream(2)], [stream(1)]]);
  });

  it('takes the locked way for an append whose guard held its events back, and only for it', async () => {
    const { s, lone } = store((appends) =>
      Promise.resolve(appends.map((a) => ({ events: a.streamId === stream(2) ? [] : [{} as never] }))),
    );
    const { db, transactions } = database();
    const p = new CommandPipeline(db, { grouping: { maxSize: 64 } }, s, sessions().port);
    await Promise.all([1, 2, 3].map((n) => p.handle(command(n))));
    expect(lone).toEqual([{ streamId: stream(2), expected: 1, guarded: false }]);
    expect(transactions).toHaveLength(1);
  });

  it('sends each append alone when the statement was refused as a whole, then the locked way where that is refused too', async () => {
    const { s, groups, lone } = store(
      () => Promise.reject(refused()),
      (streamId) =>
        streamId === stream(2)
          ? Promise.resolve({ streamVersion: 1, events: [] })
          : Promise.resolve({ streamVersion: 2, events: [{} as never] }),
    );
    const p = pipeline(s, sessions().port);
    const decisions = await Promise.all([1, 2, 3].map((n) => p.handle(command(n))));
    expect(decisions).toHaveLength(3);
    expect(groups).toHaveLength(1);
    expect(lone).toEqual([
      { streamId: stream(1), expected: 'any', guarded: true },
      { streamId: stream(2), expected: 'any', guarded: true },
      { streamId: stream(3), expected: 'any', guarded: true },
      { streamId: stream(2), expected: 1, guarded: false },
    ]);
  });

  it('sends alone an append the statement could not take (its data key could not be had)', async () => {
    const { s, lone } = store((appends) =>
      Promise.resolve(
        appends.map((a) =>
          a.streamId === stream(2) ? { refused: new Error('being erased') } : { events: [{} as never] },
        ),
      ),
    );
    const p = pipeline(s, sessions().port);
    await Promise.all([1, 2].map((n) => p.handle(command(n))));
    expect(lone).toEqual([{ streamId: stream(2), expected: 'any', guarded: true }]);
  });

  describe('a group commit that went unanswered', () => {
    it('is settled once for the whole group: stored appends answer as appended, the others go the locked way', async () => {
      let firstGroup: readonly GroupedAppend[] = [];
      const { s, lone } = store((appends) => {
        firstGroup = appends;
        return Promise.reject(lost());
      });
      const { port, asked } = sessions(() =>
        Promise.resolve(
          firstGroup.filter((a) => a.streamId !== stream(2)).map((a) => a.events[0]!.event_id!),
        ),
      );
      const woken = jest.fn();
      const p = pipeline(s, port, woken);
      const decisions = await Promise.all([1, 2, 3].map((n) => p.handle(command(n))));
      expect(decisions).toHaveLength(3);
      expect(asked).toEqual([{ pid: PID, ids: firstGroup.map((a) => a.events[0]!.event_id) }]);
      expect(lone).toEqual([{ streamId: stream(2), expected: 1, guarded: false }]);
      expect(woken).toHaveBeenCalled();
    });

    it('fails every command with the commit’s failure when nothing of the group is stored', async () => {
      const { s, lone } = store(() => Promise.reject(lost()));
      const { port, asked } = sessions();
      const p = pipeline(s, port);
      const outcomes = await Promise.all([1, 2].map((n) => outcome(p.handle(command(n)))));
      expect(outcomes.map((o) => (o as Error).message)).toEqual(['Query read timeout', 'Query read timeout']);
      expect(asked).toHaveLength(1);
      expect(lone).toEqual([]);
    });

    it('fails every command with WriteOutcomeUnknown when the outcome cannot be found out in time', async () => {
      const { s } = store(() => Promise.reject(lost()));
      const { port } = sessions(() => Promise.reject(new WriteOutcomeUnknown(lost())));
      const p = pipeline(s, port);
      const outcomes = await Promise.all([1, 2].map((n) => outcome(p.handle(command(n)))));
      expect(outcomes.every((o) => o instanceof WriteOutcomeUnknown)).toBe(true);
    });
  });

  it('sends each append alone when grouping is off, or its guard has no grouped form', async () => {
    const { s, groups, lone } = store(allAppended);
    await Promise.all(
      [1, 2].map((n) => new CommandPipeline(database().db, {}, s, sessions().port).handle(command(n))),
    );
    const p = pipeline(s, sessions().port);
    const { grouped: _, ...ungrouped } = guard(3);
    await p.handle(command(3, { guess: { state: 0, guard: () => ungrouped } }));
    expect(groups).toEqual([]);
    expect(lone.map((l) => l.streamId)).toEqual([stream(1), stream(2), stream(3)]);
  });
});
