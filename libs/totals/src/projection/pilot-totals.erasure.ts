import { type Queryable } from '../read/pilot-totals.read-model';
import { deleteErasedPilots } from './pilot-totals.store';
import { readProjectionVersions } from './projection-versions';

/**
 * Deletes a pilot's rows from every version of the projection being read or built, at once, for an
 * account erasure: the projector deletes them too when it folds AccountErased, but it may be down or
 * behind, and the erasure's promise does not wait for it.
 */
export async function deletePilotProjection(q: Queryable, pilotAccountId: string): Promise<void> {
  const { active, building } = await readProjectionVersions(q);
  for (const version of building === null ? [active] : [active, building]) {
    await deleteErasedPilots(q, version, [pilotAccountId]);
  }
}
