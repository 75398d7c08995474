import { type Flight, type FlightAmended, type FlightRecorded } from '@pft/contracts';
import { sameFlight } from './flights/flight-equality';
import { type FlightState } from './logbook.decide';

/** What a commit of an import records (`logbook-import.md` 2), counted by flight. */
export interface ImportCommitCounts {
  recorded: number;
  amended: number;
  unchanged: number;
  skipped_invalid: number;
  skipped_deleted: number;
}

export interface ImportCommitDecision {
  events: (FlightRecorded | FlightAmended)[];
  /** The flights the events record or amend, in their order: the write-side rows that follow. */
  written: Flight[];
  counts: ImportCommitCounts;
}

/**
 * Commits an import's valid flights, whose ids the file derives: an id new to the pilot is recorded, a
 * current flight that differs is amended, an equal one is unchanged, a flight the pilot deleted is not
 * brought back, and nothing already recorded is deleted. `invalidRows`: the file's rows refused. An id
 * twice in the file keeps its first row; the others count as invalid.
 */
export function decideCommitImport(
  states: ReadonlyMap<string, FlightState>,
  pilotAccountId: string,
  flights: readonly Flight[],
  invalidRows: number,
): ImportCommitDecision {
  const decider = new ImportCommitDecider(states, pilotAccountId, invalidRows);
  for (const flight of flights) decider.add(flight);
  return decider.decision();
}

/**
 * decideCommitImport one flight at a time, in the file's order, so that a caller can decide 50,000
 * flights in turns of its event loop (comparing each with the stored one is most of the work).
 */
export class ImportCommitDecider {
  private readonly counts: ImportCommitCounts;
  private readonly events: ImportCommitDecision['events'] = [];
  private readonly written: Flight[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly states: ReadonlyMap<string, FlightState>,
    private readonly pilotAccountId: string,
    invalidRows: number,
  ) {
    this.counts = { recorded: 0, amended: 0, unchanged: 0, skipped_invalid: invalidRows, skipped_deleted: 0 };
  }

  add(flight: Flight): void {
    const { counts } = this;
    if (this.seen.has(flight.flight_id)) {
      counts.skipped_invalid++;
      return;
    }
    this.seen.add(flight.flight_id);
    const state = this.states.get(flight.flight_id);
    const payload = { pilot_account_id: this.pilotAccountId, flight };
    if (!state) {
      this.events.push({ type: 'FlightRecorded', version: 2, payload });
      this.written.push(flight);
      counts.recorded++;
    } else if (state.deleted) {
      counts.skipped_deleted++;
    } else if (sameFlight(state.flight, flight)) {
      counts.unchanged++;
    } else {
      this.events.push({ type: 'FlightAmended', version: 2, payload });
      this.written.push(flight);
      counts.amended++;
    }
  }

  /** The decision on the flights added so far. */
  decision(): ImportCommitDecision {
    return { events: this.events, written: this.written, counts: { ...this.counts } };
  }
}
