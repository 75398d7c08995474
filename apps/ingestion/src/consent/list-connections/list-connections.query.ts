import { Query } from '@nestjs/cqrs';
import { type SharedData } from '@pft/partners/domain';

export interface PilotConnection {
  /** The `pilot_id` that partner holds. */
  connection_id: string;
  partner: { id: string; name: string };
  linked_at: string;
  /** What the partner may read: the lifetime totals always, the experience when the pilot shares it. */
  shared: SharedData[];
}

/** The partners the pilot is linked to now. */
export class ListConnectionsQuery extends Query<{ connections: PilotConnection[] }> {
  constructor(readonly pilot: string) {
    super();
  }
}
