import { createHash } from 'node:crypto';
import { type Queryable } from '@pft/platform';
import { queryPrepared } from '@pft/platform/database/prepared-statement';
import { rowsOf } from '@pft/platform/database/rows-of';
import { countDeleted } from '@pft/platform/database/count-deleted';
import { forgetBefore, type ForgetBefore, oldestDaysBefore } from './deleting-statements';

/** One answered requirement check as the pilot's access history keeps it (pilot experience, section 5). */
export interface RequirementCheckEntry {
  /** When it was answered, ISO 8601. */
  at: string;
  /** The date the experience was checked as of, `YYYY-MM-DD`. */
  as_of: string;
  /** The requirements as the partner sent them. */
  requirements: unknown[];
}

/** What became of a check to be recorded. */
export type RecordedCheck = 'recorded' | 'not_linked' | 'not_shared' | 'limit_reached';

/** What became of a check, and the time (epoch ms, by the database's clock) it was counted at. */
export interface CheckRecorded {
  outcome: RecordedCheck;
  /** The time of the check: its UTC day is the day it counts on; it is the `at` of its entry. */
  at: number;
}

export interface CheckToRecord {
  /** The partner's `pilot_id`. */
  connectionId: string;
  partnerId: string;
  /** The check as the pilot's access history keeps it, but its `at`: the database's time. */
  entry: Omit<RequirementCheckEntry, 'at'>;
  /** How many checks of the partner and pilot the day may hold. */
  perDay: number;
  /**
   * Milliseconds added to the database's clock for its time (RateClock.offsetMs): 0 in service; a test
   * moves it to another day. The first check's is the statement's.
   */
  clockOffsetMs: number;
}

/** Where a list of requirements is kept: its id, and its JSON text as sent. */
interface SentList {
  id: Buffer;
  text: string;
}

/** The id of a list of requirements: the SHA-256 of its JSON text, as `requirement_lists` keys it. */
export const requirementListId = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * The statement of recordRequirementChecks (exported for the benchmark's floor of a check, which runs
 * it alone): prepared, so Postgres plans it once per connection. The
 * checks' time and UTC day are Postgres's (statement_timestamp), one clock for every replica, so that
 * the day's limit is exact at midnight whatever a replica's clock says. The batch's lists are kept once
 * each (a list already kept is written only when this is the first day it is named on: its `last_day`).
 */
export const RECORD_REQUIREMENT_CHECKS = `with clock as (
   select statement_timestamp() + $3::float8 * interval '1 millisecond' as at
 ), today as (
   select at, (at at time zone 'UTC')::date as day from clock
 ), lists as (
   insert into requirement_lists (list_id, requirements, last_day)
   select l.list_id, e.requirements, t.day
     from today t
     cross join unnest($6::bytea[]) with ordinality as l(list_id, n)
     join json_array_elements($7::json) with ordinality as e(requirements, n) on e.n = l.n
   on conflict (list_id) do nothing
 ), named as (
   update requirement_lists r set last_day = t.day
     from today t
    where r.list_id = any($6::bytea[]) and r.last_day < t.day
 ), sent as (
   select u.connection_id, u.partner_id, t.day, t.at, u.as_of, u.list_id, u.n
     from today t
     cross join unnest($1::uuid[], $2::uuid[], $4::date[], $5::bytea[])
          with ordinality as u(connection_id, partner_id, as_of, list_id, n)
 ), linked as (
   select s.n, c.pilot_account_id, c.partner_id, c.shares_experience, s.day, s.at, s.as_of, s.list_id
     from sent s join connections c
       on c.connection_id = s.connection_id and c.partner_id = s.partner_id and c.disconnected_at is null
      for key share of c
 ), counted as (
   insert into requirement_check_days as d (pilot_account_id, partner_id, day, checks)
   select pilot_account_id, partner_id, day, 1 from linked where shares_experience
    order by pilot_account_id, partner_id, day
   on conflict (pilot_account_id, partner_id, day) do update
      set checks = d.checks + 1
    where d.checks < $8
   returning d.pilot_account_id, d.partner_id, d.day, d.checks
 ), added as (
   insert into requirement_checks (pilot_account_id, partner_id, day, n, at, as_of, list_id)
   select c.pilot_account_id, c.partner_id, c.day, c.checks, l.at, l.as_of, l.list_id
     from counted c join linked l
       on l.pilot_account_id = c.pilot_account_id and l.partner_id = c.partner_id and l.day = c.day
   returning pilot_account_id, partner_id, day
 )
 select l.n is not null as linked, coalesce(l.shares_experience, false) as shared,
        exists (select 1 from added a where a.pilot_account_id = l.pilot_account_id
                  and a.partner_id = l.partner_id and a.day = l.day) as recorded,
        (select extract(epoch from at) * 1000 from clock)::float8 as at_ms
   from sent s left join linked l on l.n = s.n
  order by s.n`;

/**
 * Records answered checks in their pilots' access history and counts each against its day's limit, in
 * one statement: each check's connection is resolved (still linked, still sharing the pilot's
 * experience), the day's count of the partner and pilot account goes up by one unless it is already
 * `perDay`, and the check is written as that day's next (a row of its own, numbered by the count).
 * The day is the UTC day of the statement's time by Postgres's clock, which is also each entry's `at`.
 * The upsert locks the day's rows, so concurrent checks on any replicas are counted one after another
 * and the limit is exact. The connections are locked `for key share` as addPartnerReads locks them: an
 * erasure's delete of the connections waits for it, and a check after that delete finds no connection
 * and records nothing. The checks name distinct connections (a day's count takes one check per
 * statement); each answered with its outcome and time, in their order. Each distinct list of
 * requirements is sent and kept once (requirement_lists), each check naming it by its id. When a list
 * the statement found kept is deleted by the retention before the check names it (a list no check had
 * named for the whole retention period), the statement fails on the list's foreign key
 * (isListGone) and nothing of it is written.
 */
export async function recordRequirementChecks(
  runner: Queryable,
  checks: readonly CheckToRecord[],
): Promise<CheckRecorded[]> {
  const lists = new Map<string, SentList>();
  const listOf = (requirements: unknown[]): SentList => {
    const text = JSON.stringify(requirements);
    let list = lists.get(text);
    if (!list) lists.set(text, (list = { id: requirementListId(text), text }));
    return list;
  };
  const named = checks.map((c) => listOf(c.entry.requirements).id);
  // In the order of their ids, as every statement takes them: two statements keeping the same new
  // lists wait for each other in one order, never each for the other.
  const kept = [...lists.values()].sort((a, b) => Buffer.compare(a.id, b.id));
  const rows = await queryPrepared<{ linked: boolean; shared: boolean; recorded: boolean; at_ms: number }>(
    runner,
    RECORD_REQUIREMENT_CHECKS,
    [
      checks.map((c) => c.connectionId),
      checks.map((c) => c.partnerId),
      checks[0]?.clockOffsetMs ?? 0,
      checks.map((c) => c.entry.as_of),
      named,
      kept.map((l) => l.id),
      // One JSON text of the lists: Postgres parses it once; a json[] parameter had pg quote every
      // character that needed it into the array's literal.
      `[${kept.map((l) => l.text).join(',')}]`,
      Math.min(...checks.map((c) => c.perDay)),
    ],
  );
  return rows.map((row) => ({
    outcome: !row.linked
      ? 'not_linked'
      : !row.shared
        ? 'not_shared'
        : row.recorded
          ? 'recorded'
          : 'limit_reached',
    at: Number(row.at_ms),
  }));
}

/**
 * True when `err` is Postgres refusing a check whose list the retention deleted meanwhile (see
 * recordRequirementChecks): its transaction is to be run again, which keeps the list anew.
 */
export function isListGone(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23503' && e.constraint === 'requirement_checks_list_id_fkey';
}

/** One check recorded as recordRequirementChecks records each. */
export async function recordRequirementCheck(
  runner: Queryable,
  check: CheckToRecord,
): Promise<CheckRecorded> {
  const [recorded] = await recordRequirementChecks(runner, [check]);
  return recorded!;
}

/** A partner's checks of the pilot, as recorded. */
export interface RequirementChecksRow {
  partner_id: string;
  entry: RequirementCheckEntry;
}

/** The pilot's requirement checks from `fromDay` (`YYYY-MM-DD`) on, by partner, each day's in the order answered. */
export async function requirementChecksOf(
  runner: Queryable,
  pilotAccountId: string,
  fromDay: string,
): Promise<RequirementChecksRow[]> {
  return rowsOf<RequirementChecksRow>(
    await runner.query(
      `select c.partner_id::text as partner_id,
              json_build_object(
                'at', to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'as_of', to_char(c.as_of, 'YYYY-MM-DD'), 'requirements', l.requirements) as entry
         from requirement_checks c join requirement_lists l on l.list_id = c.list_id
        where c.pilot_account_id = $1 and c.day >= $2::date
        order by c.day desc, c.partner_id, c.n desc`,
      [pilotAccountId, fromDay],
    ),
  );
}

/** Deletes every requirement check of the pilot; the number of checks deleted. */
export function forgetPilotRequirementChecks(runner: Queryable, pilotAccountId: string): Promise<number> {
  return countDeleted(
    runner,
    `with days as (delete from requirement_check_days where pilot_account_id = $1),
          gone as (delete from requirement_checks where pilot_account_id = $1 returning 1)
     select count(*)::int as n from gone`,
    [pilotAccountId],
  );
}

/**
 * Deletes at most `limit` days' rows of requirement checks of days before `beforeDay` (`YYYY-MM-DD`),
 * oldest first, with their checks, skipping rows another transaction holds, as forgetReadsBefore does
 * for the reads; the number of days' rows deleted.
 */
export const forgetRequirementChecksBefore: ForgetBefore = forgetBefore(
  `with ${oldestDaysBefore('requirement_check_days', 'pilot_account_id, partner_id, day')}, gone as (
     delete from requirement_check_days d using old
      where d.pilot_account_id = old.pilot_account_id and d.partner_id = old.partner_id and d.day = old.day
     returning 1
   ), checks as (
     delete from requirement_checks r using old
      where r.pilot_account_id = old.pilot_account_id and r.partner_id = old.partner_id and r.day = old.day
   )
   select count(*)::int as n from gone`,
);

/**
 * Deletes at most `limit` lists of requirements no check has named since before `beforeDay`
 * (`YYYY-MM-DD`) nor since before the first day of checks still kept, skipping rows another
 * transaction holds; the number deleted. A list's `last_day` is never before the day of a check that
 * names it, so no check kept names a list deleted here, even one of a day forgetRequirementChecksBefore
 * passed by because another transaction held it. A check naming such a list at the same moment either
 * keeps it (its `last_day` moved on first, the delete then passes it by) or is refused and run again
 * (isListGone).
 */
export const forgetRequirementListsBefore: ForgetBefore = forgetBefore(
  `with old as (
     select list_id from requirement_lists
      where last_day < least($1::date, (select min(day) from requirement_check_days))
      order by last_day
      limit $2
        for update skip locked
   ), gone as (
     delete from requirement_lists l using old where l.list_id = old.list_id and l.last_day < $1::date
     returning 1
   )
   select count(*)::int as n from gone`,
);
