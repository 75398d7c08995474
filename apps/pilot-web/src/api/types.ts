import { type Flight, type PilotTotals } from '@pft/contracts';

export type { Flight, PilotTotals };

export interface FlightsPage {
  flights: Flight[];
  next_cursor: string | null;
}

export interface OwnTotals extends PilotTotals {
  last_updated: string;
}

export interface Connection {
  connection_id: string;
  partner: { id: string; name: string };
  linked_at: string;
}

export interface LinkingCode {
  linking_token: string;
  expires_at: string;
}

/** `GET /pilot/v1/access-history` (pilot-web-app.md, section 3). */
export interface AccessHistory {
  partners: {
    partner: { id: string; name: string };
    events: { type: 'linked' | 'disconnected'; at: string }[];
    reads: { date: string; count: number; last_at: string }[];
  }[];
}
