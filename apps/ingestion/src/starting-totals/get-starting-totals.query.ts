import { Query } from '@nestjs/cqrs';
import { type StartingTotals } from '@pft/contracts';

/** The pilot's stored starting totals, every field 0 when none were entered. */
export class GetStartingTotalsQuery extends Query<StartingTotals> {
  constructor(readonly pilot: string) {
    super();
  }
}
