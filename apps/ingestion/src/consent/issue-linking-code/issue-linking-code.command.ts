import { Command } from '@nestjs/cqrs';

export interface IssuedLinkingCode {
  linking_token: string;
  expires_at: string;
}

/** Issue the pilot a one-time linking code to give a partner. */
export class IssueLinkingCodeCommand extends Command<IssuedLinkingCode> {
  constructor(
    readonly pilot: string,
    /** What a link made with the code shares beyond the lifetime totals. */
    readonly shareExperience: boolean,
    readonly requestId: string,
  ) {
    super();
  }
}
