import { Command } from '@nestjs/cqrs';

/** Erase the pilot's account: every connection ended, every piece of the pilot's data made unreadable or deleted. */
export class EraseAccountCommand extends Command<{ status: 'erasing' }> {
  constructor(
    readonly pilot: string,
    readonly requestId: string,
  ) {
    super();
  }
}
