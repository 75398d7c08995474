import { Command } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';

/** Import a logbook of up to 1,000 flights, all or nothing; `flights` parsed and checked from the body. */
export class ImportFlightsCommand extends Command<{ imported: number }> {
  constructor(
    readonly pilot: string,
    readonly flights: readonly Flight[],
    readonly requestId: string,
  ) {
    super();
  }
}
