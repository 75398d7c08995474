import { Command } from '@nestjs/cqrs';

/** Delete a flight: it no longer counts, and its id cannot be recorded again. */
export class DeleteFlightCommand extends Command<void> {
  constructor(
    readonly pilot: string,
    readonly flightId: string,
    readonly requestId: string,
  ) {
    super();
  }
}
