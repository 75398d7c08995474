import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';

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

export interface CheckToRecord {
  /** The partner's `pilot_id`. */
  connectionId: string;
  partnerId: string;
  /** The UTC day it counts on, `YYYY-MM-DD`. */
  day: string;
  entry: RequirementCheckEntry;
  /** How many checks of the partner and pilot the day may hold. */
  perDay: number;
}

/**
 * Records an answered check in the pilot's access history and counts it against the day's limit, in
 * one statement: the connection is resolved (still linked, still sharing the pilot's experience) and
 * the check appended to the day's row of the partner and pilot account, unless that row already holds
 * `perDay` checks. The upsert locks the day's row, so concurrent checks on any replicas are counted
 * one after another and the limit is exact. The connection is locked `for key share` as
 * addPartnerReads locks it: an erasure's delete of the connections waits for it, and a check after
 * that delete finds no connection and records nothing.
 */
export async function recordRequirementCheck(
  runner: Queryable,
  check: CheckToRecord,
): Promise<RecordedCheck> {
  const [row] = rowsOf<{ linked: number; shared: boolean; recorded: number }>(
    await runner.query(
      `with linked as (
         select pilot_account_id, partner_id, shares_experience from connections
          where connection_id = $1 and partner_id = $2 and disconnected_at is null
            for key share
       ), added as (
         insert into requirement_checks as r (pilot_account_id, partner_id, day, checks)
         select pilot_account_id, partner_id, $3::date, array[$4::json] from linked where shares_experience
         on conflict (pilot_account_id, partner_id, day) do update
            set checks = r.checks || excluded.checks
          where cardinality(r.checks) < $5
         returning 1
       )
       select (select count(*) from linked)::int as linked,
              coalesce((select shares_experience from linked), false) as shared,
              (select count(*) from added)::int as recorded`,
      [check.connectionId, check.partnerId, check.day, JSON.stringify(check.entry), check.perDay],
    ),
  );
  if (!row || row.linked === 0) return 'not_linked';
  if (!row.shared) return 'not_shared';
  return row.recorded > 0 ? 'recorded' : 'limit_reached';
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
      `select r.partner_id::text as partner_id, c.entry
         from requirement_checks r cross join lateral unnest(r.checks) with ordinality as c(entry, n)
        where r.pilot_account_id = $1 and r.day >= $2::date
        order by r.day desc, r.partner_id, c.n desc`,
      [pilotAccountId, fromDay],
    ),
  );
}

/** Deletes every requirement check of the pilot; the number of checks deleted. */
export async function forgetPilotRequirementChecks(
  runner: Queryable,
  pilotAccountId: string,
): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await runner.query(
      `with gone as (delete from requirement_checks where pilot_account_id = $1 returning cardinality(checks) as n)
       select coalesce(sum(n), 0)::int as n from gone`,
      [pilotAccountId],
    ),
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deletes at most `limit` days' rows of requirement checks of days before `beforeDay` (`YYYY-MM-DD`),
 * oldest first, skipping rows another transaction holds, as forgetReadsBefore does for the reads.
 */
export async function forgetRequirementChecksBefore(
  runner: Queryable,
  beforeDay: string,
  limit: number,
): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await runner.query(
      `with old as (
         select pilot_account_id, partner_id, day from requirement_checks
          where day < $1::date
          order by day
          limit $2
            for update skip locked
       ), gone as (
         delete from requirement_checks r using old
          where r.pilot_account_id = old.pilot_account_id and r.partner_id = old.partner_id and r.day = old.day
         returning 1
       )
       select count(*)::int as n from gone`,
      [beforeDay, limit],
    ),
  );
  return rows[0]?.n ?? 0;
}
