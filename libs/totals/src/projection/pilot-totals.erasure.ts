import { type Queryable } from '../read/pilot-totals.read-model';
import { deleteErasedPilots } from './pilot-totals.store';
import { readProjectionVersions } from './projection-versions';

/**
 * Deletes a pilot's rows from every version of the projection whose tables exist, at once, for an
 * account erasure: the one read, the one being built, and any earlier one a rebuild did not drop (its
 * command ended between the switch and the drop). The projector deletes them too when it folds
 * AccountErased, but it may be down or behind, and the erasure's promise does not wait for it.
 */
export async function deletePilotProjection(q: Queryable, pilotAccountId: string): Promise<void> {
  const { active, building } = await readProjectionVersions(q);
  const kept = (await q.query(
    `select substring(tablename from '^pilot_totals_v([0-9]+)$')::int as version
       from pg_tables
      where schemaname = current_schema() and tablename ~ '^pilot_totals_v[0-9]+$'
        and to_regclass('pilot_flights_v' || substring(tablename from '[0-9]+$')) is not null`,
  )) as { version: number }[];
  const versions = new Set([active, ...(building === null ? [] : [building]), ...kept.map((k) => k.version)]);
  for (const version of [...versions].sort((a, b) => a - b)) {
    await deleteErasedPilots(q, version, [pilotAccountId]);
  }
}
