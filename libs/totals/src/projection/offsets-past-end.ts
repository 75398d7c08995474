/** A partition of the topic whose end is before the offset a projection version stored for it. */
export interface PartitionPastEnd {
  partition: number;
  /** The end of the partition on the topic (its high watermark) when the stored offset was found past it. */
  high: number;
  next: number;
}

/** The stable code of the finding, in the projector's log, its readiness and `pft projections status`. */
export const OFFSET_PAST_TOPIC_END = 'OFFSET_PAST_TOPIC_END';

/**
 * Offsets a projection version stored that are past the end of the topic read now: the topic is not
 * the one they were read from (deleted and made again under the same name, or a database restored from
 * another environment). Its events below the stored offsets would be skipped as read already, and the
 * version would look complete; the partitions wait at their end instead, folding nothing, until the
 * version is rebuilt from this topic (docs/operations.md, "Stored offsets past the end of the topic").
 */
export class OffsetsPastEndError extends Error {
  readonly code = OFFSET_PAST_TOPIC_END;

  constructor(
    readonly topic: string,
    readonly version: number,
    readonly partitions: readonly PartitionPastEnd[],
  ) {
    const where = partitions
      .map(
        (p) =>
          `partition ${p.partition} ends at offset ${p.high}, version ${version} reads on from ${p.next}`,
      )
      .join('; ');
    super(
      `${OFFSET_PAST_TOPIC_END}: version ${version} stored offsets past the end of the topic ${topic} (${where}): ` +
        'the topic is not the one they were read from (deleted and made again, or a database from another ' +
        'environment). Those partitions fold nothing; rebuild the projection from this topic ' +
        '(pft projections rebuild pilot_totals)',
    );
  }
}

/**
 * Whether a stored offset is past the end of its partition: `next` must have been read before `high`
 * was asked for (an end only grows, so a stored offset past an end read after it was never a position
 * in this topic; read the other way round, a batch applied in between would look past the end).
 */
export const isPastEnd = (p: { high: number; next: number }): boolean => p.next > p.high;

/**
 * Where the partitions a join gave are sought to: their stored offsets (`stored`, read before this asks
 * for the ends), each but those past the end of the topic, or marked so earlier (`marked`: still that
 * offset), which go to the end and are answered in `pastEnd` (`found` for those past the end now and
 * not marked yet). When the ends cannot be read, every partition goes to its stored offset (those marked
 * are answered still; the freshness refresh tells the others within a second).
 */
export async function seeksOnJoining(
  ends: () => Promise<{ partition: number; high: string }[]>,
  stored: ReadonlyMap<number, string>,
  marked: ReadonlyMap<number, string> = new Map(),
): Promise<{ offsets: Map<number, string>; pastEnd: PartitionPastEnd[]; found: PartitionPastEnd[] }> {
  const offsets = new Map(stored);
  const isMarked = (partition: number) => {
    const next = stored.get(partition);
    return next !== undefined && marked.get(partition) === next;
  };
  let read: { partition: number; high: string }[];
  try {
    read = await ends();
  } catch {
    const pastEnd = [...stored]
      .filter(([partition]) => isMarked(partition))
      .map(([partition, next]) => ({ partition, high: Number(next), next: Number(next) }));
    return { offsets, pastEnd, found: [] };
  }
  const pastEnd: PartitionPastEnd[] = [];
  const found: PartitionPastEnd[] = [];
  for (const { partition, high } of read) {
    const next = stored.get(partition);
    if (next === undefined) continue;
    const now = isPastEnd({ high: Number(high), next: Number(next) });
    if (!now && !isMarked(partition)) continue;
    const p = { partition, high: Number(high), next: Number(next) };
    pastEnd.push(p);
    if (!isMarked(partition)) found.push(p);
    offsets.set(partition, high);
  }
  return { offsets, pastEnd, found };
}
