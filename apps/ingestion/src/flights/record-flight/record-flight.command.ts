import { Command } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';

export interface RecordFlightResult {
  flight: Flight;
  /** False when the same flight was already recorded: nothing new, answered 200. */
  created: boolean;
}

/** Record a flight in the pilot's logbook; `flight` is the request's body, parsed and checked. */
export class RecordFlightCommand extends Command<RecordFlightResult> {
  constructor(
    readonly pilot: string,
    readonly flight: Flight,
    readonly requestId: string,
  ) {
    super();
  }
}
