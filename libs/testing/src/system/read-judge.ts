import { canonical, type HistoryEntry } from './pilot-model';
import { type WorkloadPilot } from './logbook-workload';

/** Partner API v1, section 8: cached reads are at most 5 minutes old. */
export const FRESHNESS_MS = 5 * 60_000;

export type ReadVerdict =
  | {
      right: true;
      /** The state of the pilot's history the read showed (the first such at or after the floor). */
      index: number;
      /**
       * How long before the read began the change that superseded the state it showed had been
       * acknowledged (0 for the newest state, or when that change was not acknowledged yet).
       */
      lagMs: number;
    }
  | { right: false; why: string };

function lastIndexOf(history: readonly HistoryEntry[], totals: string): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.totals === totals) return i;
  return -1;
}

/**
 * Whether a partner's read of one pilot showed the oracle's totals at a state the pilot really went
 * through, no older than what an earlier read showed. `history` is the pilot's states in order, as
 * it stands when the answer came (every change sent by then, acknowledged or not); `floor` is the
 * newest state shown by a read that had finished before this one began. Right: the totals equal
 * `history[i]` for some `i >= floor`. Wrong: equal to no state at all (a state that never existed),
 * or only to states older than `floor` (a read that went back).
 */
export function judgeRead(
  history: readonly HistoryEntry[],
  floor: number,
  totals: unknown,
  startedAt: number,
): ReadVerdict {
  const shown = canonical(totals);
  const index = history.findIndex((entry, i) => i >= floor && entry.totals === shown);
  if (index < 0) {
    const older = lastIndexOf(history, shown);
    return {
      right: false,
      why:
        older < 0
          ? `a state this pilot never had (its history holds ${history.length} states)`
          : `went back to state ${older} of ${history.length}, after a read had shown state ${floor}`,
    };
  }
  // With the same totals at more than one state, the newest of them decides how far behind the read was.
  const last = lastIndexOf(history, shown);
  const superseded = history[last + 1]?.ackedAt;
  const lagMs = superseded !== undefined && superseded < startedAt ? startedAt - superseded : 0;
  return { right: true, index, lagMs };
}

/**
 * The floors of `judgeRead` for reads that may overlap: each read takes the floor as it stands when
 * it begins, and a right read raises its pilot's floor to the state it showed once it has finished.
 */
export class MonotonicReads {
  private readonly floors = new Map<WorkloadPilot, number>();

  /** Call as the read is sent; call the function it returns with the totals read. */
  begin(pilot: WorkloadPilot): (totals: unknown) => ReadVerdict & { floor: number } {
    const floor = this.floors.get(pilot) ?? 0;
    const startedAt = performance.now();
    return (totals) => {
      const verdict = judgeRead(pilot.model.history, floor, totals, startedAt);
      if (verdict.right) this.floors.set(pilot, Math.max(this.floors.get(pilot) ?? 0, verdict.index));
      return { ...verdict, floor };
    };
  }
}
