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

/**
 * What one pilot's logbook is, as the test sent it, and every state it has passed through: a read
 * is correct when it equals one of those states (older ones are allowed while the pipeline catches up).
 */
export class PilotModel {
  readonly flights = new Map<string, Flight>();
  starting: StartingTotals | null = null;
  private readonly states = new Set<string>([canonical(this.totals())]);

  totals(): PilotTotals {
    return oracleTotals({ flights: [...this.flights.values()], starting: this.starting });
  }

  /** Call before sending a change: from then on, a read may show it. */
  change(apply: (model: PilotModel) => void): void {
    apply(this);
    this.states.add(canonical(this.totals()));
  }

  isKnownState(totals: unknown): boolean {
    return this.states.has(canonical(totals));
  }

  isCurrent(totals: unknown): boolean {
    return canonical(totals) === canonical(this.totals());
  }
}
