import { Command } from '@nestjs/cqrs';
import { type StartingTotals } from '@pft/contracts';

/** Replace the pilot's starting totals with `body`, the request's. */
export class SetStartingTotalsCommand extends Command<StartingTotals> {
  constructor(
    readonly pilot: string,
    readonly body: unknown,
    readonly requestId: string,
  ) {
    super();
  }
}
