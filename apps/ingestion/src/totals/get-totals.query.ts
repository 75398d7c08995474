import { Query } from '@nestjs/cqrs';
import { type PilotTotals } from '@pft/contracts';

/** The pilot's own totals, as of the moment of the read. */
export class GetTotalsQuery extends Query<PilotTotals> {
  constructor(readonly pilot: string) {
    super();
  }
}
