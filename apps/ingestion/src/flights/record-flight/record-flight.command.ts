import { Command } from '@nestjs/cqrs';
import { type Flight } from '@pft/contracts';

export interface RecordFlightResult {
  flight: Flight;
  /** False when the same flight was already recorded: nothing new, answered 200. */
  created: boolean;
}

/** Record a flight in the pilot's logbook; `body` is the request's, checked by the handler. */
export class RecordFlightCommand extends Command<RecordFlightResult> {
  constructor(
    readonly pilot: string,
    readonly body: unknown,
    readonly requestId: string,
  ) {
    super();
  }
}
