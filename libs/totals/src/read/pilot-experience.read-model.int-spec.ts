import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { PilotExperienceReadModel } from './pilot-experience.read-model';

describe('PilotExperienceReadModel (real Postgres)', () => {
  let dataSource: DataSource;
  // One connection: every read, and the look at its prepared statements, on the same session.
  withTestDataSource(1, (made) => (dataSource = made));

  it('reads fewer than ten pilots on the generic plan of its statement, not planning it at each read', async () => {
    const partnerId = randomUUID();
    // A partner with some thousands of pilots, counted by analyze: what the planner weighs plans by.
    await dataSource.query(`insert into partners (partner_id, name) values ($1, 'Many pilots')`, [partnerId]);
    await dataSource.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience)
       select gen_random_uuid(), $1, gen_random_uuid(), now(), true from generate_series(1, 5000)`,
      [partnerId],
    );
    await dataSource.query('analyze connections');
    const model = new PilotExperienceReadModel(dataSource, { PARTNER_TOTALS_CACHE_MS: 0 });
    const reads = 12;
    for (let i = 0; i < reads; i++) {
      const pilots = [randomUUID(), randomUUID()];
      const looked = await model.read(partnerId, pilots, '2026-06-30', null);
      expect(pilots.map((id) => looked.get(id))).toEqual([{ state: 'not_linked' }, { state: 'not_linked' }]);
    }

    const [plans] = await dataSource.query<{ generic_plans: number; custom_plans: number }[]>(
      `select generic_plans::int, custom_plans::int from pg_prepared_statements
        where name like 'partner-experience-read-%'`,
    );
    // Postgres plans a prepared statement for its values five times before it weighs the generic plan.
    expect(plans).toEqual({ generic_plans: reads - 5, custom_plans: 5 });
  });
});
