import { type GroupDeletion, type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { projectionGroupId, type ProjectionLogger } from './pilot-totals.consumer-options';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

/**
 * How long the groups of the versions a rebuild drops may keep members: a projector replica leaves the
 * version readers left at its next tick (each second); a killed one is dropped by the group once its
 * session (PROJECTOR_SESSION_TIMEOUT_MS, 6 s by default) has ended.
 */
export const GROUPS_EMPTY_WITHIN_MS = 15_000;
const POLL_MS = 250;

/** A consumer group of the projection: one per version and topic (projectionGroupId). */
export interface ProjectionGroup {
  version: number;
  topic: string;
  /** When a consumer last recorded it (to the microsecond, as text): a sweep forgets it only if unchanged. */
  recordedAt?: string;
}

/**
 * Records the group a version's consumer consumes `topic` with (projection_groups): before it joins it,
 * and again at each join, with the time. A sweep may delete a group that is empty for a moment (a replica
 * starting, or one started again after a crash, by a sweep of a replica still configured with another
 * topic): the join records it again, and a sweep that found it before that leaves the record.
 */
export async function recordProjectionGroup(q: Queryable, version: number, topic: string): Promise<void> {
  await q.query(
    `insert into projection_groups (projection, version, topic) values ($1, $2, $3)
     on conflict (projection, version, topic) do update set recorded_at = clock_timestamp()`,
    [PILOT_TOTALS_PROJECTION, version, topic],
  );
}

/**
 * The groups no consumer of the projection is meant to use any more: those of a version neither read
 * nor built (dropped), and those of a topic other than `topic`, the one read now (PILOT_EVENTS_TOPIC
 * changed: a version begun again, or the one read moved to the new topic).
 */
export async function staleProjectionGroups(q: Queryable, topic: string): Promise<ProjectionGroup[]> {
  return rowsOf<ProjectionGroup>(
    await q.query(
      `select g.version, g.topic, g.recorded_at::text as "recordedAt" from projection_groups g
         join projection_versions v on v.projection = g.projection
        where g.projection = $1
          and (g.topic <> $2 or (g.version <> v.active_version and g.version is distinct from v.building_version))
        order by g.version, g.topic`,
      [PILOT_TOTALS_PROJECTION, topic],
    ),
  );
}

export interface GroupSweep {
  kafka: KafkaClient;
  dataSource: Queryable;
  /** The topic read now. */
  topic: string;
  /** The version readers are switched to, named in the warning. */
  active: number;
  logger?: ProjectionLogger;
  /** How long a group with members is asked again (GROUPS_EMPTY_WITHIN_MS by default; 0: once). */
  withinMs?: number;
  /** Whether a group left for its members is warned of (false: the projector's sweep each minute). */
  warnMembers?: boolean;
}

/**
 * Deletes the stale groups (staleProjectionGroups), their committed offsets with them, and forgets each
 * one deleted. A group with members is not deleted by the broker: it is asked again until `withinMs`
 * has passed, and one still not empty then is left and named in a warning, with how to delete it by
 * hand; it stays recorded, so the next sweep (the projector's, each minute, or the next rebuild's)
 * deletes it once its members have left. A failure of Kafka is a warning too: readers are switched,
 * the tables dropped, and the groups left hold no more than offsets. Answers the groups left.
 */
export async function sweepProjectionGroups(sweep: GroupSweep): Promise<string[]> {
  const groups = await staleProjectionGroups(sweep.dataSource, sweep.topic);
  if (groups.length === 0) return [];
  const { kafka, logger } = sweep;
  const groupOf = new Map(groups.map((g) => [projectionGroupId(g.topic, g.version), g]));
  let left = [...groupOf.keys()];
  const deadline = Date.now() + (sweep.withinMs ?? GROUPS_EMPTY_WITHIN_MS);
  const admin = kafka.admin();
  try {
    await admin.connect();
    for (;;) {
      const deletions: Map<string, GroupDeletion> = await admin.deleteGroups(left);
      const gone = left.filter((group) => deletions.get(group) !== 'not-empty');
      await forgetGroups(
        sweep.dataSource,
        gone.map((group) => groupOf.get(group)!),
      );
      left = left.filter((group) => deletions.get(group) === 'not-empty');
      if (left.length === 0 || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    const versions = [...new Set(groups.map((g) => g.version))];
    logger?.warn(
      `the consumer groups of version ${versions.join(', ')} were not deleted ` +
        `(${error instanceof Error ? error.message : String(error)}): ${left.join(', ')}`,
    );
    return left;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
  if (sweep.warnMembers === false) return left;
  for (const group of left)
    logger?.warn(
      `the consumer group ${group} of version ${groupOf.get(group)!.version} still has members (a projector ` +
        `not moved to version ${sweep.active} yet): not deleted; once they left, delete it with ` +
        `kafka-consumer-groups.sh --delete --group ${group}`,
    );
  return left;
}

/** Forgets the groups deleted, unless a consumer recorded one again since it was found stale (it joined it). */
async function forgetGroups(q: Queryable, groups: ProjectionGroup[]): Promise<void> {
  if (groups.length === 0) return;
  await q.query(
    `delete from projection_groups g
      using unnest($2::integer[], $3::text[], $4::timestamptz[]) as d (version, topic, recorded_at)
      where g.projection = $1 and g.version = d.version and g.topic = d.topic
        and g.recorded_at is not distinct from d.recorded_at`,
    [
      PILOT_TOTALS_PROJECTION,
      groups.map((g) => g.version),
      groups.map((g) => g.topic),
      groups.map((g) => g.recordedAt ?? null),
    ],
  );
}
