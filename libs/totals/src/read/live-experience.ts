import { type DataSource } from 'typeorm';
import { type Flight, logbookStreamId, type StartingTotals } from '@pft/contracts';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { experienceAsOf, type Experience } from '../domain/experience/experience';
import { ACTIVE_EXPERIENCE_VIEWS } from '../projection/projection-tables';
import { type ExperienceLookup, sharedAnswer } from './experience-answer';
import { recordLiveAnswers } from './live-totals';
import { readPilotExperiences } from './pilot-experience.read';
import { behindLiveAnswer } from './pilot-totals.statements';

interface ConnectionRow {
  pilot_id: string;
  account: string;
  shares_experience: boolean;
  live_stream_version: number | null;
  stream_version: number | null;
}

/**
 * The caller's active connections of the ids asked, whether each shares the pilot's experience, the
 * stream version a partner was last answered live through it, and the one of the projected row.
 */
const CONNECTIONS_SQL = `
  select c.connection_id::text as pilot_id, c.pilot_account_id::text as account, c.shares_experience,
         l.stream_version as live_stream_version, p.stream_version
    from connections c
    left join live_answers l on l.connection_id = c.connection_id
    left join ${ACTIVE_EXPERIENCE_VIEWS.pilots} p
      on p.pilot_account_id = c.pilot_account_id and p.experience_groups is not null
   where c.connection_id = any($1::uuid[]) and c.partner_id = $2 and c.disconnected_at is null`;

interface LiveExperience {
  experience: Experience;
  streamVersion: number;
}

/**
 * The answers of `pilotIds` (lower case, distinct) that the projection could not give as they are (a
 * linked pilot it has no experience of yet, or whose row is older than an answer given live before,
 * of the totals or the experience), read in one snapshot (REPEATABLE READ) with their connection and
 * sharing: those still behind are computed live from the write side as of the read (`last_updated` =
 * now), and the stream version so answered is recorded (`live_answers`) before the answer is given,
 * as the totals do: no later read, of either, goes back to an older state of the logbook. An id not
 * linked to `partnerId` is absent from the map.
 */
export async function readExperienceLive(
  dataSource: DataSource,
  partnerId: string,
  pilotIds: readonly string[],
  asOf: string,
): Promise<Map<string, ExperienceLookup>> {
  const looked = new Map<string, ExperienceLookup>();
  const live: { connectionId: string; streamVersion: number }[] = [];
  const now = new Date().toISOString();
  await dataSource.transaction('REPEATABLE READ', async (tx) => {
    const rows = rowsOf<ConnectionRow>(await tx.query(CONNECTIONS_SQL, [pilotIds, partnerId]));
    const shared = rows.filter((row) => row.shares_experience);
    for (const row of rows) if (!row.shares_experience) looked.set(row.pilot_id, { state: 'not_shared' });
    const fromProjection = shared.filter((row) => row.stream_version !== null && !behindLiveAnswer(row));
    const projected = await readPilotExperiences(
      tx,
      [...new Set(fromProjection.map((row) => row.account))],
      asOf,
    );
    const toCompute = shared.filter((row) => !projected.has(row.account) || behindLiveAnswer(row));
    const computed = await computeLiveExperience(tx, [...new Set(toCompute.map((r) => r.account))], asOf);
    for (const row of shared) {
      const fromRow = behindLiveAnswer(row) ? undefined : projected.get(row.account);
      if (fromRow) {
        looked.set(
          row.pilot_id,
          sharedAnswer(row.pilot_id, fromRow.lastUpdated.toISOString(), fromRow.experience),
        );
        continue;
      }
      const { experience, streamVersion } = computed.get(row.account)!;
      live.push({ connectionId: row.pilot_id, streamVersion });
      looked.set(row.pilot_id, sharedAnswer(row.pilot_id, now, experience));
    }
  });
  // After the snapshot, as the totals record theirs: before any answer computed live is given.
  await recordLiveAnswers(dataSource, live);
  return looked;
}

/** The experience of `accounts` from their current flights and starting totals, in the caller's snapshot. */
async function computeLiveExperience(
  tx: Queryable,
  accounts: readonly string[],
  asOf: string,
): Promise<Map<string, LiveExperience>> {
  const computed = new Map<string, LiveExperience>();
  if (accounts.length === 0) return computed;
  const flights = rowsOf<{ pilot_account_id: string; flight: Flight }>(
    await tx.query(
      `select pilot_account_id::text, flight from flights
        where pilot_account_id = any($1::uuid[]) and deleted_at is null`,
      [accounts],
    ),
  );
  const starting = rowsOf<{ pilot_account_id: string; starting_totals: StartingTotals }>(
    await tx.query(
      `select pilot_account_id::text, starting_totals from starting_totals where pilot_account_id = any($1::uuid[])`,
      [accounts],
    ),
  );
  const versions = rowsOf<{ stream_id: string; stream_version: number }>(
    await tx.query(
      `select stream_id, max(stream_version) as stream_version from events
        where stream_id = any($1::text[]) group by stream_id`,
      [accounts.map(logbookStreamId)],
    ),
  );
  const versionOf = new Map(versions.map((row) => [row.stream_id, Number(row.stream_version)]));
  for (const account of accounts) {
    computed.set(account, {
      experience: experienceAsOf(
        flights.filter((row) => row.pilot_account_id === account).map((row) => row.flight),
        starting.find((row) => row.pilot_account_id === account)?.starting_totals ?? null,
        asOf,
      ),
      streamVersion: versionOf.get(logbookStreamId(account)) ?? 0,
    });
  }
  return computed;
}
