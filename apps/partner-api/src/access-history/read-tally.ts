import { type ConnectionReads, type ReadKind } from '@pft/partners';

const DAY_MS = 86_400_000;

/**
 * What a read is counted on: the answer given, whose `pilot_id` is the connection read. An answer kept
 * in memory (TotalsReadCache) is the same object for every request that reads it.
 */
export interface CountedAnswer {
  readonly pilot_id: string;
}

/**
 * One answer's reads on one UTC day since they were last taken. Every answer kept in memory (up to
 * 100,000) carries one, so its times are small integers, held in the object itself: an epoch
 * millisecond is too large for that, and each would be a number object of its own for the collector
 * to mark.
 */
interface AnswerTally {
  readonly connectionId: string;
  /** The UTC day counted, in days since 1970-01-01. */
  day: number;
  reads: number;
  /** Milliseconds into that day of the last read counted. */
  lastInDay: number;
}

interface Tally {
  reads: number;
  lastAt: number;
}

/**
 * The tally of an answer object, held on it under a symbol of this module's own. A batch of 50 counts
 * 50 answers on every request: with the tally on the answer the request has just read, a count is two
 * assignments, where a look-up by `pilot_id` in a map of every pilot read is a hash of each id.
 * Nothing else reads it; the answer's JSON
 * is made from its schema's fields only.
 */
const ANSWER_TALLY = Symbol('access history tally');
/** The same for the experience tally: an answer counted by both keeps the two apart. */
const EXPERIENCE_TALLY = Symbol('access history tally of experience reads');

type TalliedAnswer = CountedAnswer & { [ANSWER_TALLY]?: AnswerTally; [EXPERIENCE_TALLY]?: AnswerTally };

/**
 * Reads counted in memory per `pilot_id` (connection) and UTC day, until taken to be written. Answers
 * counted since they were last taken are listed once each, in the order of their first read, and
 * taken a slice at a time: a burst of reads of 30,000 pilots, added up in one map and taken at once,
 * held the event loop for 44 to 172 ms here. One connection may come out more than once (an answer
 * kept in memory is replaced when its totals change, and the new one is counted on its own): the
 * statement that writes them adds them up.
 */
export class ReadTally {
  /** Counts given back after a failed write, and earlier days of answers counted across midnight. */
  private days = new Map<string, Map<string, Tally>>();
  /** How many counts `days` holds. */
  private daysHeld = 0;
  /** Answer tallies with reads since they were last taken, from `next` on. */
  private counted: AnswerTally[] = [];
  private next = 0;
  /** The last UTC day turned into its `YYYY-MM-DD` (days since 1970-01-01 and the text). */
  private lastDay = -1;
  private lastDayText = '';

  /** `kind`: what the reads it counts are of; each tally counts one kind. */
  constructor(private readonly kind: ReadKind = 'totals') {}

  /** Counts one read of `answer` at `now` (epoch ms). */
  count(answer: CountedAnswer, now: number): void {
    const tallied = answer as TalliedAnswer;
    const symbol = this.kind === 'totals' ? ANSWER_TALLY : EXPERIENCE_TALLY;
    let tally = tallied[symbol];
    const day = Math.floor(now / DAY_MS);
    // An integer below 2^31: `| 0` keeps it one (the subtraction of two epoch times gives a double).
    const inDay = (now - day * DAY_MS) | 0;
    if (tally === undefined) {
      tally = { connectionId: answer.pilot_id, day: 0, reads: 0, lastInDay: 0 };
      // Not enumerable: a copy of the answer ({ ...answer }) does not take the tally with it.
      Object.defineProperty(answer, symbol, { value: tally });
    } else if (tally.reads > 0 && tally.day === day) {
      tally.reads++;
      if (inDay > tally.lastInDay) tally.lastInDay = inDay;
      return;
    }
    // The answer's first read since it was last taken, or the first of another day.
    if (tally.reads > 0) this.add(tally.connectionId, this.dayText(tally.day), tally.reads, lastAt(tally));
    else this.counted.push(tally);
    tally.day = day;
    tally.reads = 1;
    tally.lastInDay = inDay;
  }

  /** How many counts are waiting to be taken. */
  get size(): number {
    return this.daysHeld + this.counted.length - this.next;
  }

  /** Whether nothing is counted. */
  get empty(): boolean {
    return this.size === 0;
  }

  /**
   * At most `limit` of the counts so far, which this tally then forgets: those given back and of
   * earlier days first, then the answers' in the order of their first read.
   */
  take(limit = Infinity): ConnectionReads[] {
    const taken: ConnectionReads[] = [];
    this.takeDays(taken, limit);
    const end = Math.min(this.counted.length, this.next + limit - taken.length);
    for (let i = this.next; i < end; i++) {
      const tally = this.counted[i]!;
      taken.push(this.counts(tally.connectionId, this.dayText(tally.day), tally.reads, lastAt(tally)));
      tally.reads = 0;
    }
    this.next = end;
    // Answers first read while a write is under way come after those taken; once the taken ones are
    // half the list or more, they are let go, or under steady reads the list would keep every answer
    // ever counted.
    if (this.next === this.counted.length) {
      this.counted = [];
      this.next = 0;
    } else if (this.next * 2 >= this.counted.length) {
      this.counted = this.counted.slice(this.next);
      this.next = 0;
    }
    return taken;
  }

  /** Counts taken earlier again (their write failed), added to what was counted since. */
  restore(counts: readonly ConnectionReads[]): void {
    for (const { connectionId, day, reads, lastAt } of counts) this.add(connectionId, day, reads, lastAt);
  }

  private takeDays(taken: ConnectionReads[], limit: number): void {
    for (const [day, tallies] of this.days) {
      for (const [connectionId, { reads, lastAt }] of tallies) {
        if (taken.length === limit) return;
        taken.push(this.counts(connectionId, day, reads, lastAt));
        tallies.delete(connectionId);
        this.daysHeld--;
      }
      this.days.delete(day);
    }
  }

  /** Counts as written: the kind named only when it is not the totals'. */
  private counts(connectionId: string, day: string, reads: number, lastAt: number): ConnectionReads {
    return this.kind === 'totals'
      ? { connectionId, day, reads, lastAt }
      : { connectionId, day, reads, lastAt, kind: this.kind };
  }

  private add(connectionId: string, day: string, reads: number, lastAt: number): void {
    let tallies = this.days.get(day);
    if (!tallies) this.days.set(day, (tallies = new Map<string, Tally>()));
    const tally = tallies.get(connectionId);
    if (tally) {
      tally.reads += reads;
      tally.lastAt = Math.max(tally.lastAt, lastAt);
    } else {
      tallies.set(connectionId, { reads, lastAt });
      this.daysHeld++;
    }
  }

  /** `YYYY-MM-DD` of the UTC day `day` days after 1970-01-01: nearly every count is of the same day. */
  private dayText(day: number): string {
    if (day !== this.lastDay) {
      this.lastDayText = new Date(day * DAY_MS).toISOString().slice(0, 10);
      this.lastDay = day;
    }
    return this.lastDayText;
  }
}

/** Epoch milliseconds of the last read an answer tally counted. */
const lastAt = ({ day, lastInDay }: AnswerTally): number => day * DAY_MS + lastInDay;
