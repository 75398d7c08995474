import { type Flight } from '@pft/contracts';

/** Record a flight for one of the calling sandbox's fixture pilots, as the pilot app would. */
export class SimulateFlightCommand {
  constructor(
    readonly partnerId: string,
    readonly pilotId: string,
    readonly body: unknown,
    readonly requestId: string,
  ) {}
}

export interface SimulateFlightResult {
  flight: Flight;
  /** False when the same flight was sent again: nothing new was recorded. */
  created: boolean;
}
