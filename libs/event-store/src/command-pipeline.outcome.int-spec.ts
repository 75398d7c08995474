import { randomUUID } from 'node:crypto';
import { logbookStreamId } from '@pft/contracts';
import { WriteOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { sharedPayloadSealing } from '@pft/privacy';
import { openTransactions, proxiedDataSourceSuite, waitFor } from '@pft/testing';
import { CommandPipeline } from './command-pipeline';
import { type NewEvent } from './event-store';

/**
 * A FlightDeleted under the event id `marker`: its payload is sealed on the way to the database, so the
 * event id (in the clear) is what marks the statement that appends it.
 */
const deleted = (pilot: string, marker: string): NewEvent => ({
  event_id: marker,
  type: 'FlightDeleted',
  payload: { pilot_account_id: pilot, flight_id: randomUUID() },
});

/**
 * The pipeline reaches Postgres through a proxy that loses the connection right after the statement
 * that commits was sent, the statement having reached the server or not, and answers only once it
 * knows which.
 */
describe('command pipeline: a commit that went unanswered (Postgres)', () => {
  const proxied = proxiedDataSourceSuite();

  const pipeline = (outcomeTimeoutMs = 60_000) =>
    new CommandPipeline(proxied.ds, { outcomeTimeoutMs, sealer: sharedPayloadSealing() });

  /** A command appending one FlightDeleted; its event id `flight` appears in no other statement, so it marks this one. */
  const command = (pilot: string, flight: string, guessed: boolean) => ({
    streamId: logbookStreamId(pilot),
    load: () => Promise.resolve(undefined),
    decide: () => ({ events: [deleted(pilot, flight)] }),
    ...(guessed ? { guess: { state: undefined, guard: () => ({ sql: 'select 1', params: [] }) } } : {}),
  });

  const stored = async (flight: string): Promise<number> => {
    const { rows } = await proxied.sql.query<{ n: number }>(
      `select count(*)::int as n from events where event_id = $1`,
      [flight],
    );
    return rows[0]!.n;
  };

  /** Gives the database back once the app's side has written again (it gave up on the statement). */
  const restoreOnceGivenUp = async (): Promise<void> => {
    const dropped = proxied.proxy.droppedWrites;
    await waitFor(
      () => (proxied.proxy.droppedWrites > dropped ? true : undefined),
      30_000,
      'the client to give up',
    );
    await proxied.proxy.restore();
  };

  describe.each([
    ['the COMMIT of a transaction', false, 'COMMIT'],
    ['the one statement of a guessed state', true, undefined],
  ])('%s', (_what, guessed, marker) => {
    /** How the connection is lost: cut at once, or stalled until the client gives up. */
    const losses: [string, boolean][] = [
      ['cut', false],
      ['stalled', true],
    ];
    /** A new pilot's command, its statement lost by the proxy once delivered to the server or before. */
    const sentAndLost = (deliver: boolean) => {
      const pilot = randomUUID();
      const flight = randomUUID();
      const lost = proxied.proxy.blackholeAfter(marker ?? flight, { deliver });
      return { pilot, flight, lost, handled: pipeline().handle(command(pilot, flight, guessed)) };
    };

    it.each(losses)(
      'answers as recorded when it reached the server and the connection was then %s',
      async (_how, stall) => {
        const { flight, lost, handled } = sentAndLost(true);
        await lost;
        // Committed, its answer lost: cut before that, the session would be ended with the statement
        // unfinished, and nothing recorded (a right answer, but not the case this test is about).
        await waitFor(async () => ((await stored(flight)) === 1 ? true : undefined), 10_000, 'the commit');
        await (stall ? restoreOnceGivenUp() : proxied.proxy.restore());
        expect((await handled).events).toHaveLength(1);
        expect(await stored(flight)).toBe(1);
        expect(await openTransactions(proxied.sql)).toBe(0);
      },
    );

    it.each(losses)(
      'fails, with nothing recorded, when it never reached the server and the connection was %s',
      async (_how, stall) => {
        const { pilot, flight, lost, handled } = sentAndLost(false);
        handled.catch(() => undefined);
        await lost;
        await (stall ? restoreOnceGivenUp() : proxied.proxy.restore());
        const failure = await handled.then(
          () => 'recorded',
          (err: unknown) => err,
        );
        expect(failure).toBeInstanceOf(Error);
        expect(failure).not.toBeInstanceOf(WriteOutcomeUnknown);
        // The lost session was ended: it cannot commit later, and holds no lock on the stream.
        expect(await openTransactions(proxied.sql)).toBe(0);
        expect(await stored(flight)).toBe(0);
        await pipeline().handle(command(pilot, randomUUID(), false));
      },
    );
  });

  it('fails with WriteOutcomeUnknown when the database stays out of reach past the time limit', async () => {
    const pilot = randomUUID();
    const flight = randomUUID();
    const lost = proxied.proxy.blackholeAfter('COMMIT', { deliver: true });
    const handled = pipeline(500).handle(command(pilot, flight, false));
    handled.catch(() => undefined);
    await lost;
    await expect(handled).rejects.toBeInstanceOf(WriteOutcomeUnknown);
    await proxied.proxy.restore();
    // It was recorded all the same: a WriteOutcomeUnknown says only that the pipeline could not tell.
    await waitFor(async () => ((await stored(flight)) === 1 ? true : undefined), 10_000, 'the commit');
  });
});
