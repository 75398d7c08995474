import { randomUUID } from 'node:crypto';
import { logbookStreamId } from '@pft/contracts';
import { WriteOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { sharedPayloadSealing } from '@pft/privacy';
import { openTransactions, proxiedDataSourceSuite, waitFor } from '@pft/testing';
import { CommandPipeline } from './command-pipeline';
import { type NewEvent } from './event-store';

/** A guard every append passes, in its lone and its grouped form. */
const PASSING_GUARD = {
  sql: 'select 1',
  params: [],
  grouped: { cte: 'select ord from guard_rows', passed: 'select ord from guard', row: {} },
};

/**
 * The group's statement reaches Postgres through a proxy that loses the connection right after it was
 * sent (the statement having reached the server or not), and answers only once it knows which.
 */
describe('group commit: a statement that went unanswered (Postgres)', () => {
  const proxied = proxiedDataSourceSuite();

  /** A FlightDeleted under the event id `marker` (the payload is sealed; the id, in the clear, marks the statement). */
  const command = (pilot: string, marker: string) => ({
    streamId: logbookStreamId(pilot),
    load: () => Promise.resolve(undefined),
    decide: () => ({
      events: [
        {
          event_id: marker,
          type: 'FlightDeleted',
          payload: { pilot_account_id: pilot, flight_id: randomUUID() },
        } as NewEvent,
      ],
    }),
    guess: { state: undefined, guard: () => PASSING_GUARD },
  });

  const stored = async (ids: string[]): Promise<number> => {
    const { rows } = await proxied.sql.query<{ n: number }>(
      `select count(*)::int as n from events where event_id = any($1::uuid[])`,
      [ids],
    );
    return rows[0]!.n;
  };

  /** Three commands of three pilots sent at once: one group, marked by the first one's event id. */
  const sendGroup = (deliver: boolean) => {
    const pipeline = new CommandPipeline(proxied.ds, {
      outcomeTimeoutMs: 60_000,
      grouping: { maxSize: 64 },
      sealer: sharedPayloadSealing(),
    });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const lost = proxied.proxy.blackholeAfter(ids[0]!, { deliver });
    const handled = ids.map((id) =>
      pipeline.handle(command(randomUUID(), id)).then(
        (decided) => decided.events.length,
        (err: unknown) => err,
      ),
    );
    return { ids, lost, handled: Promise.all(handled) };
  };

  it('answers every command of the group as recorded when the statement reached the server', async () => {
    const { ids, lost, handled } = sendGroup(true);
    await lost;
    // Committed, its answer lost: cut before that, the session would be ended with the statement unfinished.
    await waitFor(async () => ((await stored(ids)) === 3 ? true : undefined), 10_000, 'the group to commit');
    await proxied.proxy.restore();
    expect(await handled).toEqual([1, 1, 1]);
    expect(await stored(ids)).toBe(3);
    expect(await openTransactions(proxied.sql)).toBe(0);
  });

  it('fails every command of the group, nothing recorded, when the statement never reached the server', async () => {
    const { ids, lost, handled } = sendGroup(false);
    await lost;
    await proxied.proxy.restore();
    const failures = await handled;
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(WriteOutcomeUnknown);
    }
    expect(await openTransactions(proxied.sql)).toBe(0);
    expect(await stored(ids)).toBe(0);
  });
});
