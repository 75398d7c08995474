import { Command } from '@nestjs/cqrs';

export interface IssuedLinkingCode {
  linking_token: string;
  expires_at: string;
}

/** Issue the pilot a one-time linking code to give a partner. */
export class IssueLinkingCodeCommand extends Command<IssuedLinkingCode> {
  constructor(
    readonly pilot: string,
    readonly requestId: string,
  ) {
    super();
  }
}
