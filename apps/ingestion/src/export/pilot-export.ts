import { type Flight, type StartingTotals } from '@pft/contracts';
import { type PendingImportSummary } from '@pft/logbook';
import { type StoredEvent } from '@pft/event-store';
import { type SharedData } from '@pft/partners/domain';
import { type AccessHistoryView } from '../access-history/access-history.view';

/** One event of the pilot's streams, as the export shows it. */
export interface ExportedEvent {
  event_id: string;
  type: StoredEvent['type'];
  version: number;
  stream_version: number;
  occurred_at: string;
  payload: StoredEvent['payload'];
}

export interface ExportedConnection {
  /** The pilot_id that partner holds, or held until the disconnect. */
  connection_id: string;
  partner: { id: string; name: string };
  linked_at: string;
  disconnected_at: string | null;
  /** What the connection shares, or shared until the disconnect. */
  shared: SharedData[];
}

/** Everything the service holds about a pilot (GET /pilot/v1/export). */
export interface PilotExport {
  exported_at: string;
  account: { id: string };
  /** The flights as they are now (deleted ones left out), newest date first. */
  flights: Flight[];
  /** Every change of the logbook, oldest first: each flight recorded, amended, deleted; starting totals set. */
  logbook_events: ExportedEvent[];
  starting_totals: StartingTotals | null;
  /** Every connection to a partner, ended ones too, oldest first. */
  connections: ExportedConnection[];
  /** Linking codes issued (their hashes only: the codes are never stored), links and disconnects. */
  consent_events: ExportedEvent[];
  /** All of it that is held, not only the last 90 days. */
  access_history: AccessHistoryView;
  /**
   * The logbook files uploaded for import and not yet expired (24 hours), with the choices made and
   * what a commit recorded; each file's size, not its bytes (the pilot's own upload, gone when it expires).
   */
  pending_imports: PendingImportSummary[];
}

export function exportedEvent(event: StoredEvent): ExportedEvent {
  return {
    event_id: event.event_id,
    type: event.type,
    version: event.version,
    stream_version: event.stream_version,
    occurred_at: event.occurred_at,
    payload: event.payload,
  };
}
