import { Command } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';

/** Replace a recorded flight with `body`, the full flight as the request sent it. */
export class AmendFlightCommand extends Command<Flight> {
  constructor(
    readonly pilot: string,
    readonly flightId: string,
    readonly body: unknown,
    readonly requestId: string,
  ) {
    super();
  }
}
