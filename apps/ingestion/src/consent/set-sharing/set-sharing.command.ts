import { Command } from '@nestjs/cqrs';
import { type PilotConnection } from '../list-connections/list-connections.query';

/** Share the pilot's experience with a connected partner, or stop sharing it. */
export class SetSharingCommand extends Command<PilotConnection> {
  constructor(
    readonly pilot: string,
    readonly connectionId: string,
    readonly shareExperience: boolean,
    readonly requestId: string,
  ) {
    super();
  }
}
