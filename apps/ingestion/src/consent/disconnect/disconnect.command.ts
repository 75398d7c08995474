import { Command } from '@nestjs/cqrs';

/** End one of the pilot's connections: that partner may no longer read the pilot. */
export class DisconnectCommand extends Command<void> {
  constructor(
    readonly pilot: string,
    readonly connectionId: string,
    readonly requestId: string,
  ) {
    super();
  }
}
