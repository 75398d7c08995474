import { type Flight, type PilotTotals, type StartingTotals } from '@pft/contracts';
import { oracleTotals } from '../oracle/totals.oracle';

/** JSON with object keys sorted, so two equal totals always print the same. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** One state of a pilot's totals in the order the pilot went through them. */
export interface HistoryEntry {
  /** The oracle's totals (canonical JSON). */
  totals: string;
  /** When the change was about to be sent (performance.now()); the first state's is the model's making. */
  sentAt: number;
  /** When the service acknowledged it; unset while the write is in flight. */
  ackedAt?: number;
}

/**
 * What one pilot's logbook is, as the test sent it, and every state it has passed through: a read
 * is correct when it equals one of those states (older ones are allowed while the pipeline catches up).
 * `history` keeps them in order, for a check that reads never go back (read-judge.ts).
 */
export class PilotModel {
  readonly flights = new Map<string, Flight>();
  starting: StartingTotals | null = null;
  private readonly states = new Set<string>();
  readonly history: HistoryEntry[] = [];

  constructor() {
    const first = canonical(this.totals());
    this.states.add(first);
    this.history.push({ totals: first, sentAt: performance.now(), ackedAt: performance.now() });
  }

  totals(): PilotTotals {
    return oracleTotals({ flights: [...this.flights.values()], starting: this.starting });
  }

  /** Call before sending a change: from then on, a read may show it. */
  change(apply: (model: PilotModel) => void): void {
    apply(this);
    const state = canonical(this.totals());
    this.states.add(state);
    this.history.push({ totals: state, sentAt: performance.now() });
  }

  /** Call once the service has acknowledged the last change. */
  acknowledge(): void {
    this.history[this.history.length - 1]!.ackedAt = performance.now();
  }

  isKnownState(totals: unknown): boolean {
    return this.states.has(canonical(totals));
  }

  isCurrent(totals: unknown): boolean {
    return canonical(totals) === canonical(this.totals());
  }
}
