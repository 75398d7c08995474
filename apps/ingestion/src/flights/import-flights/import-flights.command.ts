import { Command } from '@nestjs/cqrs';

/** Import a logbook of up to 1,000 flights, all or nothing; `body` is the request's. */
export class ImportFlightsCommand extends Command<{ imported: number }> {
  constructor(
    readonly pilot: string,
    readonly body: unknown,
    readonly requestId: string,
  ) {
    super();
  }
}
