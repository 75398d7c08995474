import { forgetBefore, type ForgetBefore, oldestDaysBefore } from './deleting-statements';

const DAY_MS = 86_400_000;

/** The first UTC day of the last `days` days up to `now`'s, as `YYYY-MM-DD`. */
export function firstDayOf(days: number, now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Deletes at most `limit` of the access history's daily counts of days before `beforeDay`
 * (`YYYY-MM-DD`), oldest first, in one short statement found through `partner_reads_by_day`, passing by
 * rows another transaction holds (oldestDaysBefore). Answers how many it deleted.
 */
export const forgetReadsBefore: ForgetBefore = forgetBefore(
  `with ${oldestDaysBefore('partner_reads', 'pilot_account_id, partner_id, day, kind')}, gone as (
     delete from partner_reads r using old
      where r.pilot_account_id = old.pilot_account_id
        and r.partner_id = old.partner_id
        and r.day = old.day
        and r.kind = old.kind
     returning 1
   )
   select count(*)::int as n from gone`,
);
