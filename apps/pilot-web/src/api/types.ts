import { type Flight, type PilotTotals } from '@pft/contracts';
import { type Experience } from '@pft/totals/domain';
import { type SentRequirement } from '../requirement-text';

export type { Flight, PilotTotals };

export interface FlightsPage {
  flights: Flight[];
  next_cursor: string | null;
}

export interface OwnTotals extends PilotTotals {
  last_updated: string;
}

/** `GET /pilot/v1/experience` (pilot-experience.md §6): the experience as of a date. */
export interface OwnExperience extends Experience {
  last_updated: string;
}

/** What a connection shares: the lifetime totals always, the experience when the pilot says so. */
export type SharedData = 'totals' | 'experience';

export interface Connection {
  connection_id: string;
  partner: { id: string; name: string };
  linked_at: string;
  /** Absent from a service that does not yet know experience sharing. */
  shared?: SharedData[];
}

export interface LinkingCode {
  linking_token: string;
  expires_at: string;
}

/** Reads on one day: how many, and the last one. */
interface DailyReads {
  date: string;
  count: number;
  last_at: string;
}

/** `GET /pilot/v1/access-history` (pilot-web-app.md §3, pilot-experience.md §4). */
export interface AccessHistory {
  partners: {
    partner: { id: string; name: string };
    events: { type: 'linked' | 'disconnected'; at: string }[];
    /** Reads of the totals. */
    reads: DailyReads[];
    /** Reads of the experience; absent from a service that does not record them yet. */
    experience_reads?: DailyReads[];
    /** Requirement checks, newest first, with the requirements as the partner sent them; absent likewise. */
    requirement_checks?: { at: string; as_of: string; requirements: SentRequirement[] }[];
  }[];
}
