import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';
import { countDeleted } from '@pft/platform/database/count-deleted';

/** What was read: the pilot's totals, or their experience (pilot experience, section 4). */
export type ReadKind = 'totals' | 'experience';

/** Reads of one partner connection (its `pilot_id`) on one UTC day, as a partner API replica counted them. */
export interface ConnectionReads {
  connectionId: string;
  /** Absent: `totals`. */
  kind?: ReadKind;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  reads: number;
  /** Epoch milliseconds of the last of them. */
  lastAt: number;
}

/** A partner's reads of the pilot (of one kind) on one UTC day. */
export interface PartnerReadsRow {
  partner_id: string;
  kind: ReadKind;
  day: string;
  reads: number;
  last_at: Date;
}

/** One of the pilot's connections, ended or not, with its partner's name. */
export interface ConnectionHistoryRow {
  connection_id: string;
  partner_id: string;
  name: string;
  linked_at: Date;
  disconnected_at: Date | null;
  shares_experience: boolean;
}

/**
 * Adds counted reads to `partner_reads` in one statement: each connection's partner and pilot are taken
 * from `connections`, so the partner API's hot path needs nothing but the `pilot_id` it answered. Counts
 * add up (several replicas, several flushes), the last time is the latest of them. Rows are inserted or
 * updated in the order of their key, as every replica's statement does: two writes of the same pilots at
 * once wait for each other's rows in one order and never deadlock (Postgres refused one of them, and its
 * counts waited for the next write).
 *
 * The connections it reads are locked (`for key share`, in id order) until it commits: their delete (an
 * account erasure) waits for a write of counts under way, and a write after the delete finds no
 * connection and adds nothing. So once an erasure has deleted the pilot's connections, no count of a
 * read can bring the pilot's access history back, however late a replica writes it. The lock does not
 * stand in the way of a disconnect, which changes no key.
 */
export async function addPartnerReads(runner: Queryable, counts: readonly ConnectionReads[]): Promise<void> {
  if (counts.length === 0) return;
  await runner.query(
    `with counted as (
       select c.pilot_account_id, c.partner_id, r.day, r.kind, r.reads, r.last_ms
         from unnest($1::uuid[], $2::date[], $3::bigint[], $4::double precision[], $5::text[])
                as r(connection_id, day, reads, last_ms, kind)
         join connections c on c.connection_id = r.connection_id
        order by c.connection_id
          for key share of c
     )
     insert into partner_reads (pilot_account_id, partner_id, day, kind, reads, last_at)
     select pilot_account_id, partner_id, day, kind, sum(reads), max(to_timestamp(last_ms / 1000.0))
       from counted
      group by pilot_account_id, partner_id, day, kind
      order by pilot_account_id, partner_id, day, kind
     on conflict (pilot_account_id, partner_id, day, kind) do update
        set reads = partner_reads.reads + excluded.reads,
            last_at = greatest(partner_reads.last_at, excluded.last_at)`,
    [
      counts.map((c) => c.connectionId),
      counts.map((c) => c.day),
      counts.map((c) => c.reads),
      counts.map((c) => c.lastAt),
      counts.map((c) => c.kind ?? 'totals'),
    ],
  );
}

/** The pilot's reads per partner, kind and day from `fromDay` (`YYYY-MM-DD`) on, newest day first. */
export async function partnerReadsOf(
  runner: Queryable,
  pilotAccountId: string,
  fromDay: string,
): Promise<PartnerReadsRow[]> {
  return rowsOf<PartnerReadsRow>(
    await runner.query(
      `select partner_id::text as partner_id, kind, to_char(day, 'YYYY-MM-DD') as day, reads::int as reads, last_at
         from partner_reads where pilot_account_id = $1 and day >= $2::date
        order by day desc, partner_id, kind`,
      [pilotAccountId, fromDay],
    ),
  );
}

/** Every connection the pilot has had, oldest first, with the partner's name. */
export async function connectionHistoryOf(
  runner: Queryable,
  pilotAccountId: string,
): Promise<ConnectionHistoryRow[]> {
  return rowsOf<ConnectionHistoryRow>(
    await runner.query(
      `select c.connection_id::text as connection_id, c.partner_id::text as partner_id, p.name,
              c.linked_at, c.disconnected_at, c.shares_experience
         from connections c join partners p on p.partner_id = c.partner_id
        where c.pilot_account_id = $1
        order by c.linked_at, c.connection_id`,
      [pilotAccountId],
    ),
  );
}

/** The names of partners, by id. */
export async function partnerNames(
  runner: Queryable,
  partnerIds: readonly string[],
): Promise<Map<string, string>> {
  if (partnerIds.length === 0) return new Map();
  const rows = rowsOf<{ partner_id: string; name: string }>(
    await runner.query(
      'select partner_id::text as partner_id, name from partners where partner_id = any($1::uuid[])',
      [partnerIds],
    ),
  );
  return new Map(rows.map((r) => [r.partner_id, r.name]));
}

/**
 * Deletes the pilot's whole access history (its reads of every kind; links and disconnects are the
 * connections').
 */
export function forgetPilotReads(runner: Queryable, pilotAccountId: string): Promise<number> {
  return countDeleted(
    runner,
    `with gone as (delete from partner_reads where pilot_account_id = $1 returning 1)
       select count(*)::int as n from gone`,
    [pilotAccountId],
  );
}
