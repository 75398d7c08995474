import { Command } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';

/** Replace a recorded flight with `flight`, the full flight the request sent, parsed and checked. */
export class AmendFlightCommand extends Command<Flight> {
  constructor(
    readonly pilot: string,
    readonly flightId: string,
    readonly flight: Flight,
    readonly requestId: string,
  ) {
    super();
  }
}
