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
  const counts: ImportCommitCounts = {
    recorded: 0,
    amended: 0,
    unchanged: 0,
    skipped_invalid: invalidRows,
    skipped_deleted: 0,
  };
  const events: ImportCommitDecision['events'] = [];
  const written: Flight[] = [];
  const seen = new Set<string>();
  for (const flight of flights) {
    if (seen.has(flight.flight_id)) {
      counts.skipped_invalid++;
      continue;
    }
    seen.add(flight.flight_id);
    const state = states.get(flight.flight_id);
    const payload = { pilot_account_id: pilotAccountId, flight };
    if (!state) {
      events.push({ type: 'FlightRecorded', version: 2, payload });
      written.push(flight);
      counts.recorded++;
    } else if (state.deleted) {
      counts.skipped_deleted++;
    } else if (sameFlight(state.flight, flight)) {
      counts.unchanged++;
    } else {
      events.push({ type: 'FlightAmended', version: 2, payload });
      written.push(flight);
      counts.amended++;
    }
  }
  return { events, written, counts };
}
