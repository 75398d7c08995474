import { type Queryable } from '../read/pilot-totals.read-model';

/**
 * The batch transaction's settings, in one round trip. The projection is rebuilt from the topic at
 * will, and a commit lost in a database crash loses its offsets with it (they are re-read), so waiting
 * for the WAL flush buys nothing here. Every join of the batch looks a list of keys up by primary key;
 * the planner cannot see how short the list is against a table of millions and would scan the table
 * whole. A pilot's row holds its experience groups and year sums as JSON of tens of kilobytes (a
 * 1,000-flight logbook in 65 groups: 45 KB), compressed on every write of the row: lz4, where the
 * server has it, compresses them at a fraction of the default's CPU (the fold of 100,000 events of
 * 100 such pilots: Postgres 2.8 s of CPU with pglz, 2.15 s with lz4).
 */
const settingsSql = (lz4: boolean): string => `
  select set_config('synchronous_commit', 'off', true), set_config('enable_hashjoin', 'off', true),
         set_config('enable_mergejoin', 'off', true)${lz4 ? `, set_config('default_toast_compression', 'lz4', true)` : ''}`;

/**
 * Whether the server compresses with lz4, asked once per process (which writes to one server): looking
 * it up in `pg_settings` took 0.5 ms at every batch, the batch's other settings 0.13 ms.
 */
let serverHasLz4: Promise<boolean> | undefined;

async function hasLz4(q: Queryable): Promise<boolean> {
  serverHasLz4 ??= (
    q.query(
      `select exists(select 1 from pg_settings
                      where name = 'default_toast_compression' and 'lz4' = any(enumvals)) as lz4`,
    ) as Promise<{ lz4: boolean }[]>
  ).then(
    ([row]) => row?.lz4 === true,
    (error: unknown) => {
      serverHasLz4 = undefined;
      throw error;
    },
  );
  return serverHasLz4;
}

/** Sets the batch transaction's settings (see settingsSql). */
export async function applyBatchSettings(q: Queryable): Promise<void> {
  await q.query(settingsSql(await hasLz4(q)));
}
