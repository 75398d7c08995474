import { type Queryable } from '@pft/platform';
import { countDeleted } from '@pft/platform/database/count-deleted';

/**
 * One of the retention's deletes: deletes at most `limit` rows of days before `beforeDay` (`YYYY-MM-DD`)
 * and answers how many.
 */
export type ForgetBefore = (runner: Queryable, beforeDay: string, limit: number) => Promise<number>;

/** The retention's delete that runs `statement` with `beforeDay` as `$1` and `limit` as `$2` (countDeleted). */
export const forgetBefore =
  (statement: string): ForgetBefore =>
  (runner, beforeDay, limit) =>
    countDeleted(runner, statement, [beforeDay, limit]);

/**
 * A retention statement's `old`: the key `columns` of at most `$2` rows of `table` of days before `$1`
 * (its `day`), oldest first, locked. Rows another transaction holds (another replica's retention, an
 * erasure) are passed by, never waited for: a later run takes them.
 */
export const oldestDaysBefore = (table: string, columns: string): string => `old as (
     select ${columns} from ${table}
      where day < $1::date
      order by day
      limit $2
        for update skip locked
   )`;
