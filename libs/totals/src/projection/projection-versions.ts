import { type DataSource } from 'typeorm';
import { type Queryable } from '../read/pilot-totals.read-model';
import {
  PILOT_TOTALS_PROJECTION,
  activeExperienceViewsSql,
  activeViewSql,
  createProjectionTablesSql,
  dropProjectionTablesSql,
} from './projection-tables';
import { positionOnTopic } from './stored-offsets';

export interface ProjectionVersions {
  active: number;
  building: number | null;
  switchedAt: Date;
}

export async function readProjectionVersions(q: Queryable): Promise<ProjectionVersions> {
  const [row] = (await q.query(
    `select active_version, building_version, switched_at from projection_versions where projection = $1`,
    [PILOT_TOTALS_PROJECTION],
  )) as { active_version: number; building_version: number | null; switched_at: Date }[];
  if (!row) throw new Error(`projection ${PILOT_TOTALS_PROJECTION} is missing: run the migrations`);
  return { active: row.active_version, building: row.building_version, switchedAt: row.switched_at };
}

/**
 * The version a rebuild writes: the one already being built (to resume it), or a new one with empty
 * tables. One being built from another topic (PILOT_EVENTS_TOPIC changed since it began) is begun
 * again, empty: its stored offsets are positions in that other topic, and read on in this one they
 * would skip the events below them. `restartedFrom` names that topic.
 */
export async function beginRebuild(
  dataSource: DataSource,
  topic: string,
  /** The version being built is begun again, empty (its stored offsets are past the end of the topic). */
  beginAgain = false,
): Promise<{ version: number; resumed: boolean; restartedFrom?: string }> {
  return dataSource.transaction(async (tx) => {
    await tx.query(`select 1 from projection_versions where projection = $1 for update`, [
      PILOT_TOTALS_PROJECTION,
    ]);
    const { active, building } = await readProjectionVersions(tx);
    const version = building ?? active + 1;
    const [other] = await tx.query<{ topic: string }[]>(
      `select o.topic from projection_offsets o
        where o.projection = $1 and o.version = $2 and not ${positionOnTopic('o', '$2', '$3')} limit 1`,
      [PILOT_TOTALS_PROJECTION, version, topic],
    );
    if (other || (beginAgain && building !== null)) await removeVersion(tx, version);
    for (const sql of createProjectionTablesSql(version)) await tx.query(sql);
    if (building === null) {
      await tx.query(`update projection_versions set building_version = $2 where projection = $1`, [
        PILOT_TOTALS_PROJECTION,
        version,
      ]);
    }
    return other
      ? { version, resumed: false, restartedFrom: other.topic }
      : { version, resumed: building !== null && !beginAgain };
  });
}

/**
 * Readers move to `version` in one transaction: the version row and the views they read change
 * together, so a read sees the old version or the new one, never a mix. Batches of the old
 * version hold a share lock on the version row, so the switch waits for the one in flight.
 */
export async function switchToVersion(dataSource: DataSource, version: number): Promise<number> {
  return dataSource.transaction(async (tx) => {
    await tx.query(`select 1 from projection_versions where projection = $1 for update`, [
      PILOT_TOTALS_PROJECTION,
    ]);
    const { active, building } = await readProjectionVersions(tx);
    if (building !== version)
      throw new Error(`version ${version} is not the one being built (${String(building)})`);
    await tx.query(
      `update projection_versions set active_version = $2, building_version = null, switched_at = now()
        where projection = $1`,
      [PILOT_TOTALS_PROJECTION, version],
    );
    await tx.query(activeViewSql(version));
    for (const sql of activeExperienceViewsSql(version)) await tx.query(sql);
    return active;
  });
}

/**
 * Versions below the active one whose tables or stored offsets are still there: a rebuild's command
 * ended (killed, its database lost) between switching readers and dropping the version they left.
 */
export async function leftoverVersions(q: Queryable): Promise<number[]> {
  const { active } = await readProjectionVersions(q);
  const rows = (await q.query(
    `select substring(tablename from '_v([0-9]+)$')::int as version
       from pg_tables
      where schemaname = current_schema() and tablename ~ '^pilot_(totals|flights)_v[0-9]+$'
     union
     select version from projection_offsets where projection = $1`,
    [PILOT_TOTALS_PROJECTION],
  )) as { version: number }[];
  return rows
    .map((r) => Number(r.version))
    .filter((version) => version < active)
    .sort((a, b) => a - b);
}

/**
 * Drops a version's tables, offsets and dead letters (each names a pilot, and `pft projections status`
 * shows only the versions read and built) once nothing reads or writes them any more. Its consumer
 * groups in Kafka are swept from projection_groups (sweepProjectionGroups).
 */
export async function dropVersion(dataSource: DataSource, version: number): Promise<void> {
  const { active, building } = await readProjectionVersions(dataSource);
  if (version === active || version === building) throw new Error(`version ${version} is in use`);
  await dataSource.transaction((tx) => removeVersion(tx, version));
}

/** A version's tables, stored offsets and dead letters, removed in the caller's transaction. */
async function removeVersion(tx: Queryable, version: number): Promise<void> {
  for (const sql of dropProjectionTablesSql(version)) await tx.query(sql);
  for (const table of ['projection_offsets', 'projection_dead_letters'])
    await tx.query(`delete from ${table} where projection = $1 and version = $2`, [
      PILOT_TOTALS_PROJECTION,
      version,
    ]);
}
