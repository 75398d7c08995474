import { type ConnectionReads } from '@pft/access';

const DAY_MS = 86_400_000;

interface Tally {
  reads: number;
  lastAt: number;
}

/**
 * Reads counted in memory per `pilot_id` (connection) and UTC day, until taken to be written. Counting is
 * a map look-up and two assignments: the day's string is made once a day, not per read.
 */
export class ReadTally {
  private days = new Map<string, Map<string, Tally>>();
  private today: Map<string, Tally> | undefined;
  private todayStart = 0;
  private todayEnd = 0;

  /** Counts one read of `connectionId` at `now` (epoch ms). */
  count(connectionId: string, now: number): void {
    const day = now >= this.todayStart && now < this.todayEnd ? this.today! : this.dayOf(now);
    const tally = day.get(connectionId);
    if (tally) {
      tally.reads++;
      if (now > tally.lastAt) tally.lastAt = now;
    } else day.set(connectionId, { reads: 1, lastAt: now });
  }

  /** Whether nothing is counted. */
  get empty(): boolean {
    return this.days.size === 0;
  }

  /** Everything counted so far, which this tally then forgets. */
  take(): ConnectionReads[] {
    const taken: ConnectionReads[] = [];
    for (const [day, tallies] of this.days)
      for (const [connectionId, { reads, lastAt }] of tallies)
        taken.push({ connectionId, day, reads, lastAt });
    this.days = new Map();
    this.today = undefined;
    this.todayStart = this.todayEnd = 0;
    return taken;
  }

  /** Counts taken earlier again (their write failed), added to what was counted since. */
  restore(counts: readonly ConnectionReads[]): void {
    for (const { connectionId, day, reads, lastAt } of counts) {
      let tallies = this.days.get(day);
      if (!tallies) this.days.set(day, (tallies = new Map<string, Tally>()));
      const tally = tallies.get(connectionId);
      if (tally) {
        tally.reads += reads;
        tally.lastAt = Math.max(tally.lastAt, lastAt);
      } else tallies.set(connectionId, { reads, lastAt });
    }
  }

  private dayOf(now: number): Map<string, Tally> {
    const start = now - (now % DAY_MS);
    const key = new Date(start).toISOString().slice(0, 10);
    let tallies = this.days.get(key);
    if (!tallies) this.days.set(key, (tallies = new Map<string, Tally>()));
    // Only the current day is remembered for the fast path; a late read of an earlier day is still counted.
    if (start >= this.todayStart) {
      this.today = tallies;
      this.todayStart = start;
      this.todayEnd = start + DAY_MS;
    }
    return tallies;
  }
}
