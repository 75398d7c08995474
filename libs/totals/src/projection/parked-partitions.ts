/**
 * The partitions a consumer has parked because they have a gap: their stored offset is no longer on
 * the topic (its first offset is past it: a retention, or records deleted by hand, took events the
 * version has to fold). Sought back to its stored offset, such a partition is out of range, the client
 * fetches it from its first offset again, and the batch, beginning past the stored offset, applies
 * nothing and seeks back: a loop of full fetches (up to 8 MiB each, decoded and dropped, and a
 * transaction each), measured at some 40 a second with kafkajs, 1.7 s of CPU in 3 s
 * (pilot-totals.gap.int-spec.ts).
 *
 * A partition whose fetch begins past its stored offset twice in a row, right after being sought back
 * to that same offset, is parked instead: moved to its end, and what it brings from there dropped
 * unread (nothing of it can be applied before the gap). So is one the freshness refresh (each second
 * in the projector) finds with a gap: a client that would not hand such a fetch out loops no longer
 * than until then (both adapters now read an out-of-range partition from its first offset, as the
 * Kafka port's `seek` says; the refresh is the safety net). The refresh also tells which parked partitions have a gap no more (their stored offset
 * moved on): each is read again from its stored offset at once.
 *
 * A stored offset past the partition's end (the topic deleted and made again, or a database from
 * another environment: offsets-past-end.ts) is parked too, found by the seeks on joining or a refresh
 * (a batch that read nothing below an end before its stored offset parks the partition until the next
 * refresh tells). It is remembered, through joins and crashes, for as long as the offset stays the one
 * found: the topic growing past it later does not make it a position in this topic.
 */
export class ParkedPartitions {
  /** Partitions sought back to their stored offset after a fetch began past it, with that offset. */
  private readonly soughtBack = new Map<number, string>();
  /** Parked partitions, with the stored offset they have a gap at. */
  private readonly parked = new Map<number, string>();
  /** Partitions whose stored offset was found past the topic's end, with that offset. */
  private readonly pastEnd = new Map<number, string>();
  /** The partitions the consumer was given at its last join. */
  private assigned = new Set<number>();
  private joins = 0;

  /** How many joins so far: a refresh begun before a join does not park or resume (the join sought). */
  get generation(): number {
    return this.joins;
  }

  /**
   * Where a batch of `partition` that stored `stored` leaves the partition to be read from: `seek`
   * undefined, where the client reads on. A fetch wholly older than the stored offset (the group's
   * commit lagged it) is sought forward to it. One that began past it and applied nothing is sought
   * back to it (the group's commit was ahead of this database), or, found so again right after that
   * seek, `parked` at its end: the offset is not on the topic. A batch that began in an earlier join
   * (`sameJoin` false) leaves that join's seeks alone, and one of a partition parked meanwhile (by a
   * refresh) leaves it at its end.
   */
  afterBatch(
    partition: number,
    batch: {
      stored: string;
      /** The first offset the batch read (held back earlier or fetched); undefined when none. */
      fetchedFrom: string | undefined;
      lastOffset: string;
      highWatermark: string;
      /** Nothing new was stored: the batch applied nothing and held nothing back. */
      readNothing: boolean;
      sameJoin: boolean;
    },
  ): { seek?: string; parked: boolean } {
    // Parked by a refresh while the batch ran: it stays at its end.
    if (this.isParked(partition)) return { parked: false };
    const stored = BigInt(batch.stored);
    const fetchedFrom = batch.fetchedFrom === undefined ? stored : BigInt(batch.fetchedFrom);
    // Read from before its stored offset, which is past the partition's end as this fetch saw it: sought
    // to it again, the partition would be out of range and fetched from its first offset again and
    // again. It waits at its end; the next refresh tells whether the offset is past the end indeed (a
    // member that held the partition briefly in a rebalance may have stored past this fetch's end).
    if (batch.readNothing && stored > BigInt(batch.highWatermark) && batch.sameJoin) {
      this.soughtBack.delete(partition);
      this.parked.set(partition, batch.stored);
      return { seek: batch.highWatermark, parked: true };
    }
    if (batch.readNothing && stored < fetchedFrom && batch.sameJoin) {
      if (this.soughtBack.get(partition) !== batch.stored) {
        this.soughtBack.set(partition, batch.stored);
        return { seek: batch.stored, parked: false };
      }
      this.soughtBack.delete(partition);
      this.parked.set(partition, batch.stored);
      return { seek: batch.highWatermark, parked: true };
    }
    this.soughtBack.delete(partition);
    if (batch.readNothing && stored > BigInt(batch.lastOffset) + 1n)
      return { seek: batch.stored, parked: false };
    return { parked: false };
  }

  isParked(partition: number): boolean {
    return this.parked.has(partition) || this.pastEnd.has(partition);
  }

  /** The seeks on joining found the partition's stored offset `next` past its end: it waits there. */
  foundPastEnd(partition: number, next: string): void {
    this.pastEnd.set(partition, next);
  }

  /** The partitions whose stored offset was found past the topic's end, with that offset. */
  get pastEndOffsets(): ReadonlyMap<number, string> {
    return this.pastEnd;
  }

  /**
   * After a freshness refresh begun in `generation`, with each partition's first and end offsets on
   * the topic and its stored offset (`next`), and whether that offset was found past the end (`pastEnd`):
   * the seeks to make. `park`: partitions held with a gap or an offset past the end and not parked yet,
   * each to its end; `resume`: parked ones without either any more, each to its stored offset. An
   * offset found past the end stays so until it changes (a rebuild's switch, an operator).
   */
  refreshed(
    generation: number,
    partitions: readonly { partition: number; low: number; high: number; next: number; pastEnd?: boolean }[],
  ): { park: [number, string][]; resume: [number, string][] } {
    const park: [number, string][] = [];
    const resume: [number, string][] = [];
    /** Partitions whose offset found past the end changed since: they wait at their end no more. */
    const moved = new Set<number>();
    for (const { partition, next, pastEnd } of partitions) {
      const found = this.pastEnd.get(partition);
      if (found !== undefined && found !== String(next)) {
        this.pastEnd.delete(partition);
        moved.add(partition);
      }
      if (pastEnd) this.pastEnd.set(partition, String(next));
    }
    if (generation !== this.joins) return { park, resume };
    for (const { partition, low, high, next } of partitions) {
      if (!this.assigned.has(partition)) continue;
      const gap = low > next || this.pastEnd.has(partition);
      if (gap && !this.parked.has(partition)) {
        this.soughtBack.delete(partition);
        this.parked.set(partition, String(next));
        park.push([partition, String(high)]);
      } else if (!gap && (this.parked.has(partition) || moved.has(partition))) {
        this.parked.delete(partition);
        resume.push([partition, String(next)]);
      }
    }
    return { park, resume };
  }

  /** A join gave these partitions: each is read again from its stored offset. */
  joined(partitions: readonly number[]): void {
    this.joins += 1;
    this.assigned = new Set(partitions);
    this.clear();
  }

  /** A crash: every partition is read again from its stored offset (but one whose offset is past the end). */
  clear(): void {
    this.soughtBack.clear();
    this.parked.clear();
  }
}
