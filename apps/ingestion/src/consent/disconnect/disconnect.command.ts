import { Command } from '@nestjs/cqrs';

/** What a disconnect still owes the promise that no partner API replica answers from before it. */
export interface DisconnectOutcome {
  /**
   * How long, from now, replicas may still answer from memory what they held before the disconnect:
   * 0 once Redis was told (or the handler waited it out), PARTNER_TOTALS_CACHE_MS when it could not be
   * and the command left the wait to its caller (`waitOutUntold` false).
   */
  untoldWaitMs: number;
}

/** End one of the pilot's connections: that partner may no longer read the pilot. */
export class DisconnectCommand extends Command<DisconnectOutcome> {
  constructor(
    readonly pilot: string,
    readonly connectionId: string,
    readonly requestId: string,
    /**
     * Whether the command waits out PARTNER_TOTALS_CACHE_MS itself when Redis cannot be told (the
     * pilot's request); false for a caller ending several connections, which waits once after all.
     */
    readonly waitOutUntold = true,
  ) {
    super();
  }
}
