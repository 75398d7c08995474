import { type Flight, logbookStreamId, type PilotTotals, type StartingTotals } from '@pft/contracts';
import { computeTotals } from '@pft/totals/domain';

interface Queryable {
  query<T>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** A pilot's totals as of one snapshot of the write side, and the logbook stream version they include. */
export interface LiveTotals {
  totals: PilotTotals;
  /** The pilot's logbook stream version in the same snapshot; 0 for a pilot who never logged anything. */
  streamVersion: number;
}

/** The caller's active connections of the ids asked, with their pilots' accounts. */
const CONNECTIONS_SQL = `
  select connection_id::text as pilot_id, pilot_account_id::text as account
    from connections
   where connection_id = any($1::uuid[]) and partner_id = $2 and disconnected_at is null`;

/**
 * Totals computed live from the write-side tables (current flights and starting totals), for linked
 * pilots the projection has no row for yet, or whose row is older than an answer given live before: a
 * pilot who imported a logbook and linked at once is read exactly, not as zeros, and `last_updated` may
 * then honestly be the time of the read. One snapshot for the connections, the tables and the stream
 * version, so a concurrent change is seen whole or not at all, the version names exactly the totals
 * given, and a pilot who disconnected before it is not answered, whatever was recorded since (the
 * connections resolved before, by the read that found the pilot behind, may be older). Keyed by the
 * `pilotIds` still linked to `partnerId` in that snapshot; the others are absent, as not linked.
 */
export async function computeLiveTotals(
  db: { transaction<T>(isolation: 'REPEATABLE READ', work: (tx: Queryable) => Promise<T>): Promise<T> },
  partnerId: string,
  pilotIds: readonly string[],
): Promise<Map<string, LiveTotals>> {
  if (pilotIds.length === 0) return new Map();
  return db.transaction('REPEATABLE READ', async (tx) => {
    const connections = await tx.query<{ pilot_id: string; account: string }[]>(CONNECTIONS_SQL, [
      pilotIds,
      partnerId,
    ]);
    const live = new Map<string, LiveTotals>();
    if (connections.length === 0) return live;
    const accounts = [...new Set(connections.map((row) => row.account))];
    const flights = await tx.query<{ pilot_account_id: string; flight: Flight }[]>(
      `select pilot_account_id::text, flight from flights
        where pilot_account_id = any($1::uuid[]) and deleted_at is null`,
      [accounts],
    );
    const starting = await tx.query<{ pilot_account_id: string; starting_totals: StartingTotals }[]>(
      `select pilot_account_id::text, starting_totals from starting_totals where pilot_account_id = any($1::uuid[])`,
      [accounts],
    );
    const versions = await tx.query<{ stream_id: string; stream_version: number }[]>(
      `select stream_id, max(stream_version) as stream_version from events
        where stream_id = any($1::text[]) group by stream_id`,
      [accounts.map(logbookStreamId)],
    );
    const versionOf = new Map(versions.map((row) => [row.stream_id, row.stream_version]));
    for (const { pilot_id, account } of connections) {
      live.set(pilot_id, {
        totals: computeTotals(
          flights.filter((row) => row.pilot_account_id === account).map((row) => row.flight),
          starting.find((row) => row.pilot_account_id === account)?.starting_totals ?? null,
        ),
        streamVersion: versionOf.get(logbookStreamId(account)) ?? 0,
      });
    }
    return live;
  });
}

/**
 * Records, before the answers are sent, the stream versions partners were just answered live through
 * their connections (`live_answers`, only ever raised): every replica's next read
 * then goes on computing live until the projection's row has caught up with it.
 *
 * Only through a connection still linked, which it locks (`for key share`, in id order, as the
 * access history's writes lock theirs) until it commits: a disconnect, which locks its connection
 * for update, waits for a record under way, and a record after the disconnect (or one that waited for
 * it) finds the connection ended and records nothing. So once an erasure has disconnected the pilot,
 * its delete of the live answers is the last word: no read that resolved the connection before can
 * write one after it (`live_answers` has no foreign key to `connections`, whose rows go later).
 */
export async function recordLiveAnswers(
  db: { query<T>(sql: string, parameters?: unknown[]): Promise<T> },
  answered: readonly { connectionId: string; streamVersion: number }[],
): Promise<void> {
  const worthRecording = answered.filter((a) => a.streamVersion > 0);
  if (worthRecording.length === 0) return;
  await db.query(
    `insert into live_answers (connection_id, stream_version)
     select c.connection_id, a.stream_version
       from unnest($1::uuid[], $2::int[]) as a(connection_id, stream_version)
       join connections c on c.connection_id = a.connection_id and c.disconnected_at is null
      order by c.connection_id
        for key share of c
     on conflict (connection_id) do update set stream_version = excluded.stream_version
      where live_answers.stream_version < excluded.stream_version`,
    [worthRecording.map((a) => a.connectionId), worthRecording.map((a) => a.streamVersion)],
  );
}
