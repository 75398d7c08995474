import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { CHECK, READ } from './pilot-totals.statements';

describe('the partner totals statements (real Postgres)', () => {
  let dataSource: DataSource;
  // One connection: every read, and the look at its prepared statements, on the same session.
  withTestDataSource(1, (made) => (dataSource = made));

  it('read and check fewer than ten pilots on the generic plan of their statements, not planning them at each read', async () => {
    const partnerId = randomUUID();
    // A partner with some thousands of pilots, counted by analyze: what the planner weighs plans by.
    await dataSource.query(`insert into partners (partner_id, name) values ($1, 'Many pilots')`, [partnerId]);
    const linked = await dataSource.query<{ connection_id: string }[]>(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
       select gen_random_uuid(), $1, gen_random_uuid(), now() from generate_series(1, 5000)
       returning connection_id::text`,
      [partnerId],
    );
    await dataSource.query('analyze connections');
    const reads = 12;
    for (let i = 0; i < reads; i++) {
      const pilots = [linked[i]!.connection_id, randomUUID(), linked[i + reads]!.connection_id];
      const read = await READ.rows<{ pilot_id: string }>(dataSource, pilots, partnerId);
      const checked = await CHECK.rows<{ pilot_id: string }>(dataSource, pilots, partnerId);
      // The same rows as asked for: each linked pilot once, whatever the list was filled up with.
      for (const rows of [read, checked])
        expect(rows.map((r) => r.pilot_id).sort()).toEqual([pilots[0], pilots[2]].sort());
    }

    const plans = await dataSource.query<{ name: string; generic_plans: number; custom_plans: number }[]>(
      `select regexp_replace(name, '-[0-9]+$', '') as name, generic_plans::int, custom_plans::int from pg_prepared_statements
        where name like 'partner-totals-%' order by name`,
    );
    // Postgres plans a prepared statement for its values five times before it weighs the generic plan.
    expect(plans).toEqual([
      { name: 'partner-totals-check-many', generic_plans: reads - 5, custom_plans: 5 },
      { name: 'partner-totals-read-many', generic_plans: reads - 5, custom_plans: 5 },
    ]);
  });
});
