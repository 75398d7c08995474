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

/**
 * The topics a version may have a consumer group of: each the projection stored offsets from (any
 * version's, PILOT_EVENTS_TOPIC having changed), and the one read now. Read before the offsets go.
 */
export async function projectionTopics(q: Queryable, topic: string): Promise<string[]> {
  const rows = rowsOf<{ topic: string }>(
    await q.query(`select distinct topic from projection_offsets where projection = $1`, [
      PILOT_TOTALS_PROJECTION,
    ]),
  );
  return [...new Set([topic, ...rows.map((r) => r.topic)])];
}

/**
 * Deletes the consumer groups of dropped versions (one per topic and version), their committed offsets
 * with them. A group with members is not deleted by the broker: it is asked again until `withinMs` has
 * passed, and one still not empty then is left and named in a warning, with how to delete it by hand.
 * A failure of Kafka is a warning too: readers are switched, the tables dropped, and the groups left
 * hold no more than offsets. Answers the groups left.
 */
export async function deleteVersionGroups(options: {
  kafka: KafkaClient;
  topics: string[];
  versions: number[];
  /** The version readers are switched to, named in the warning. */
  active: number;
  logger?: ProjectionLogger;
  withinMs?: number;
}): Promise<string[]> {
  const { kafka, topics, versions, active, logger } = options;
  const versionOf = new Map(
    versions.flatMap((version) =>
      topics.map((topic) => [projectionGroupId(topic, version), version] as const),
    ),
  );
  let left = [...versionOf.keys()];
  if (left.length === 0) return [];
  const deadline = Date.now() + (options.withinMs ?? GROUPS_EMPTY_WITHIN_MS);
  const admin = kafka.admin();
  try {
    await admin.connect();
    for (;;) {
      const deletions: Map<string, GroupDeletion> = await admin.deleteGroups(left);
      left = left.filter((group) => deletions.get(group) === 'not-empty');
      if (left.length === 0 || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    logger?.warn(
      `the consumer groups of version ${versions.join(', ')} were not deleted ` +
        `(${error instanceof Error ? error.message : String(error)}): ${left.join(', ')}`,
    );
    return left;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
  for (const group of left)
    logger?.warn(
      `the consumer group ${group} of version ${versionOf.get(group)} still has members (a projector not ` +
        `moved to version ${active} yet): not deleted; once they left, delete it with ` +
        `kafka-consumer-groups.sh --delete --group ${group}`,
    );
  return left;
}
