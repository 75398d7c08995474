import { type StartingTotals } from '@pft/contracts';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';

/** The `starting_totals` table: each pilot's latest StartingTotalsSet, changed in the same transaction. */
export class StartingTotalsRepository {
  async save(runner: Queryable, pilot: string, startingTotals: StartingTotals): Promise<void> {
    await runner.query(
      `insert into starting_totals (pilot_account_id, starting_totals, updated_at) values ($1, $2::jsonb, now())
       on conflict (pilot_account_id) do update set starting_totals = excluded.starting_totals, updated_at = now()`,
      [pilot, JSON.stringify(startingTotals)],
    );
  }

  async find(runner: Queryable, pilot: string): Promise<StartingTotals | null> {
    const rows = rowsOf<{ starting_totals: StartingTotals }>(
      await runner.query('select starting_totals from starting_totals where pilot_account_id = $1', [pilot]),
    );
    return rows[0]?.starting_totals ?? null;
  }
}
