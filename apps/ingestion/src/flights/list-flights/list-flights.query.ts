import { Query } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';

export interface FlightsPage {
  flights: Flight[];
  next_cursor: string | null;
}

/** A page of the pilot's current flights; `params` are the request's query string, checked by the handler. */
export class ListFlightsQuery extends Query<FlightsPage> {
  constructor(
    readonly pilot: string,
    readonly params: { cursor?: unknown; limit?: unknown },
  ) {
    super();
  }
}
