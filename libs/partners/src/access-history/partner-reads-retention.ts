import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';

const DAY_MS = 86_400_000;

/** The first UTC day of the last `days` days up to `now`'s, as `YYYY-MM-DD`. */
export function firstDayOf(days: number, now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Deletes at most `limit` of the access history's daily counts of days before `beforeDay`
 * (`YYYY-MM-DD`), oldest first, in one short statement found through `partner_reads_by_day`. Rows
 * another transaction holds (another replica's retention, an erasure) are skipped, never waited for:
 * a later run takes them. Answers how many it deleted.
 */
export async function forgetReadsBefore(
  runner: Queryable,
  beforeDay: string,
  limit: number,
): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await runner.query(
      `with old as (
         select pilot_account_id, partner_id, day, kind from partner_reads
          where day < $1::date
          order by day
          limit $2
            for update skip locked
       ), gone as (
         delete from partner_reads r using old
          where r.pilot_account_id = old.pilot_account_id
            and r.partner_id = old.partner_id
            and r.day = old.day
            and r.kind = old.kind
         returning 1
       )
       select count(*)::int as n from gone`,
      [beforeDay, limit],
    ),
  );
  return rows[0]?.n ?? 0;
}
