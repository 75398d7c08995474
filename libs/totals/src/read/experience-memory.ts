import { LRUCache } from 'lru-cache';

/** An experience answer kept, with what decides whether it may be given again. */
interface KeptExperience<A> {
  readonly answer: A;
  readonly partnerId: string;
  /** The partner read revision current before the answer was read from the database. */
  readonly revision: string;
}

/** Bounded: past this many answers, the least recently stored ones go first. */
export const MAX_KEPT_EXPERIENCES = 50_000;

/** The answers past their lifetime are swept out at least this often (sweepEveryMs)... */
const LONGEST_SWEEP_MS = 30_000;
/** ...and at most this often. */
const SHORTEST_SWEEP_MS = 1_000;

/**
 * Experience answers read from the projection, kept in this replica's memory under the partner read
 * revision they were read under, as the totals' answers are (TotalsMemory): one is given again only to
 * the partner it was read for, while the revision is the same, and for at most `lifetimeMs` from
 * before the read (as the totals count theirs: a disconnect waits that long after its commit, so no
 * answer read before it counts any longer, however slow its read). Every
 * projector batch, disconnect, change of sharing and version switch moves the revision on before it
 * returns, so none of them leaves an answer here that counts. Keyed by pilot_id (a connection's id,
 * unique across partners) and `as_of`: an answer is of one date. Nothing else is kept: a pilot not
 * linked, not sharing, or answered live is read again each time. An answer past its lifetime is no
 * longer given (lru-cache's `ttl`) and leaves memory at the next `sweep`, so that an erased or
 * disconnected pilot's answers do not stay here.
 */
export class ExperienceMemory<A> {
  private readonly answers: LRUCache<string, KeptExperience<A>> | undefined;

  constructor(lifetimeMs: number) {
    this.answers = lifetimeMs > 0 ? new LRUCache({ max: MAX_KEPT_EXPERIENCES, ttl: lifetimeMs }) : undefined;
    this.sweepEveryMs = Math.min(LONGEST_SWEEP_MS, Math.max(SHORTEST_SWEEP_MS, lifetimeMs));
  }

  /**
   * How often `sweep` is to run: every lifetime, between 1 and 30 s. An answer kept takes about 20 KB
   * of heap (its 6 KB of JSON and its objects); swept every 30 s under a lifetime of 1 s, a replica
   * answering 5,000 cold reads a second held 30 s of them past their lifetime (1.2 GB of heap against
   * 0.25 GB), and its collections went through them all.
   */
  readonly sweepEveryMs: number;

  /** False when the lifetime is 0: nothing is kept. */
  get enabled(): boolean {
    return this.answers !== undefined;
  }

  /** The answer kept for `pilotId` as of `asOf` if it counts for `partnerId` under `revision`. */
  answer(partnerId: string, pilotId: string, asOf: string, revision: string): A | undefined {
    const kept = this.answers?.peek(`${pilotId}/${asOf}`);
    return kept?.partnerId === partnerId && kept.revision === revision ? kept.answer : undefined;
  }

  /** The time by this memory's clock: taken before a read, for `keep`. */
  now(): number {
    return this.answers?.perf.now() ?? 0;
  }

  /**
   * Keeps `answer` of `pilotId` as of `asOf`, read for `partnerId` under `revision`, both seen before
   * the read, which began at `readFrom` (`now()`).
   */
  keep(
    partnerId: string,
    pilotId: string,
    asOf: string,
    answer: A,
    revision: string,
    readFrom: number,
  ): void {
    this.answers?.set(`${pilotId}/${asOf}`, { answer, partnerId, revision }, { start: readFrom });
  }

  /** Drops the answers past their lifetime. */
  sweep(): void {
    this.answers?.purgeStale();
  }
}
