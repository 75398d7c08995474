import { Query } from '@nestjs/cqrs';

export interface PilotConnection {
  /** The `pilot_id` that partner holds. */
  connection_id: string;
  partner: { id: string; name: string };
  linked_at: string;
}

/** The partners the pilot is linked to now. */
export class ListConnectionsQuery extends Query<{ connections: PilotConnection[] }> {
  constructor(readonly pilot: string) {
    super();
  }
}
